// Loads plotly's widget code once per page and hands it to every figure (see companion/widgets/common.py).
// This model's own initialisation returns at once. The 5 MB import starts only when a figure is first
// drawn (figure.js calls slot().want() once the page has painted what is already there), so opening a
// notebook shows its buttons and texts first, and a figure that is never shown costs nothing.
//
// Under `make lab` and `make app` (Voila) the kernel sends only `url` (set from the server's
// COMPANION_PLOTLY_CODE_URL): the server serves plotly's code as a file, imported from there. Elsewhere
// (a plain `jupyter lab` or `voila`), or when that import fails, the code comes in `source` over the
// comm: sent with the model, or on request ({request: "source"}).
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
    s = globalThis[KEY] = { promise, resolve, reject, started: false, wanted: false, load: null };
    // a figure wants plotly's code: load it now if this model is there, else as soon as it is
    s.want = () => {
      s.wanted = true;
      if (s.load && !s.started) {
        s.started = true;
        s.load();
      }
    };
  }
  return s;
}

// The page's base URL (JupyterLab and Voila both put it in #jupyter-config-data).
function baseUrl() {
  try {
    const data = document.getElementById("jupyter-config-data");
    return (data && JSON.parse(data.textContent).baseUrl) || "/";
  } catch (err) {
    return "/";
  }
}

function importSource(source) {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  return import(url).finally(() => URL.revokeObjectURL(url));
}

// plotly's code from the comm: at once if the kernel sent it, else asked for.
function fromComm(model) {
  const source = model.get("source");
  if (source) {
    return importSource(source);
  }
  return new Promise((resolve, reject) => {
    const arrived = () => {
      model.off("change:source", arrived);
      importSource(model.get("source")).then(resolve, reject);
    };
    model.on("change:source", arrived);
    model.send({ request: "source" });
  });
}

export default {
  initialize({ model }) {
    const s = slot();
    if (s.load) {
      return;
    }
    s.load = () => {
      const url = model.get("url");
      const code = url
        ? import(new URL(url, new URL(baseUrl(), document.baseURI)).href).catch((err) => {
            console.warn("companion: plotly's widget code not served at " + url + "; asking the kernel", err);
            return fromComm(model);
          })
        : fromComm(model);
      code.then((mod) => s.resolve(mod), (err) => {
        console.error("companion: plotly's widget code did not load", err);
        s.started = false;
      });
    };
    if (s.wanted) {
      s.want();
    }
  },
};
