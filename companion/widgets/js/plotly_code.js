// Loads plotly's widget code once per page and hands it to every figure (see companion/widgets/common.py).
// This model's own initialisation returns at once; the 5 MB import runs in the background.
const KEY = "__companionPlotlyCode";

function slot() {
  let s = globalThis[KEY];
  if (!s) {
    let resolve;
    let reject;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    s = globalThis[KEY] = { promise, resolve, reject, started: false };
  }
  return s;
}

export default {
  initialize({ model }) {
    const s = slot();
    if (s.started) {
      return;
    }
    s.started = true;
    const url = URL.createObjectURL(new Blob([model.get("source")], { type: "text/javascript" }));
    import(url)
      .then((mod) => s.resolve(mod), (err) => {
        console.error("companion: plotly's widget code did not load", err);
        s.started = false;
      })
      .finally(() => URL.revokeObjectURL(url));
  },
};
