// Loads plotly's widget code once per page and hands it to every figure (see companion/widgets/common.py).
// This model's own initialisation returns at once; the 5 MB import runs in the background.
//
// Under `make lab` the kernel sends only `url` (set from the server's COMPANION_PLOTLY_CODE_URL): the
// server serves plotly's code as a static, cacheable file, imported from there. Elsewhere (Voila, a
// plain `jupyter lab`), or when that import fails, the code comes in `source` over the comm: sent
// with the model, or on request ({request: "source"}).
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
    if (s.started) {
      return;
    }
    s.started = true;
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
  },
};
