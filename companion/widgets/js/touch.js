// Number keyboards on phones: every score box (a text box of class companion-number, read strictly as a
// whole number by the kernel) gets inputmode="numeric", so a phone opens its digit keyboard instead of
// letters. ipywidgets' Text view cannot carry the attribute itself; one observer per page marks the boxes
// as they appear (forms rebuild their rows when players are added).
const KEY = "__companionNumberKeys";

function mark(root) {
  for (const input of root.querySelectorAll(".companion-number input")) {
    if (input.getAttribute("inputmode") !== "numeric") {
      input.setAttribute("inputmode", "numeric");
      input.setAttribute("pattern", "[0-9]*");
      input.setAttribute("autocomplete", "off");
      input.setAttribute("enterkeyhint", "next");
    }
  }
}

export default {
  render({ el }) {
    el.style.display = "none";
    if (!globalThis[KEY]) {
      let queued = false;
      const observer = new MutationObserver(() => {
        if (!queued) {
          queued = true;
          requestAnimationFrame(() => {
            queued = false;
            mark(document);
          });
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
      globalThis[KEY] = observer;
    }
    mark(document);
  },
};
