// A plotly figure model that is ready at once and catches up when plotly's code arrives.
//
// anywidget gives each model 2 s to initialise; past that it drops every later message to the model
// (its ready promise is rejected). plotly's own module is 5 MB and was evaluated again for each
// figure, so a page with a few figures, or a busy machine, lost every in-place edit. Here the model
// records plotly's edit messages until the shared code (plotly_code.js) has loaded, then builds
// plotly's own model and replays them in order; views wait for it.
const KEY = "__companionPlotlyCode";
const EDITS = [
  "addTraces", "deleteTraces", "moveTraces", "restyle", "relayout", "update", "animate",
  "removeLayoutProps", "removeTraceProps",
].map((name) => "_py2js_" + name);

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

// Resolves once the page has drawn a frame and then had nothing else to do (or after 1.5 s at most; 100 ms in a
// hidden tab, where frames stop): the widgets displayed with this figure, and those of the other cells being
// run, are on screen before plotly's 5 MB code is evaluated, which holds the page for about a second.
function painted() {
  return new Promise((resolve) => {
    const idle = () => (globalThis.requestIdleCallback ? requestIdleCallback(() => resolve(), { timeout: 1500 })
                                                        : setTimeout(resolve, 0));
    requestAnimationFrame(() => setTimeout(idle, 0));
    setTimeout(resolve, document.hidden ? 100 : 1600);
  });
}

// plotly sizes a figure without a fixed width to its box when it is first drawn; as an anywidget it never
// sizes it again (its resize handling is wired to JupyterLab's classic widget messages only). A figure drawn
// before its box had its final width (a phone's narrow page laid out late, a tab shown later) kept plotly's
// default 700 px and ran off a phone's screen. So each view is remembered on its element, and when the
// element's width changes while a figure without a fixed width no longer matches it, the view's own
// autosizeFigure() sizes it again (at most once per frame, only when the sizes differ).
const VIEW = "__companionFigureView";

function rememberViews(plotly) {
  const proto = plotly.FigureView && plotly.FigureView.prototype;
  if (!proto || proto.__companionRemembers || typeof proto.perform_render !== "function") {
    return;
  }
  const render = proto.perform_render;
  proto.perform_render = function (...args) {
    if (this.el) {
      this.el[VIEW] = this;
    }
    return render.apply(this, args);
  };
  proto.__companionRemembers = true;
}

function followWidth(el) {
  if (typeof ResizeObserver !== "function") {
    return { disconnect() {} };
  }
  let queued = false;
  const check = () => {
    queued = false;
    const view = el[VIEW];
    const svg = el.querySelector(".main-svg");
    const width = el.clientWidth;
    if (!view || typeof view.autosizeFigure !== "function" || !svg || width <= 0) {
      return;
    }
    if (Math.abs(Number(svg.getAttribute("width")) - width) > 2) {
      view.autosizeFigure();
    }
  };
  const observer = new ResizeObserver(() => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(check);
    }
  });
  observer.observe(el);
  return observer;
}

export default () => {
  let ready = null;
  return {
    initialize({ model }) {
      const queue = [];
      const early = EDITS.map((name) => {
        const record = () => {
          const value = model.get(name);
          if (value !== null && value !== undefined) {
            queue.push([name, value]);
          }
        };
        model.on("change:" + name, record);
        return [name, record];
      });
      ready = slot().promise.then((plotly) => {
        rememberViews(plotly);
        for (const [name, record] of early) {
          model.off("change:" + name, record);
        }
        const replaying = new Map();
        const listeners = [];
        const proxy = {
          get: (key) => (replaying.has(key) ? replaying.get(key) : model.get(key)),
          set: (key, value) => model.set(key, value),
          save_changes: () => model.save_changes(),
          send: (...args) => model.send(...args),
          on: (event, callback) => {
            listeners.push([event, callback]);
            model.on(event, callback);
          },
          off: (event, callback) => model.off(event, callback),
          widget_manager: model.widget_manager,
        };
        const widget = plotly.default();
        widget.initialize({ model: proxy });
        for (const [name, value] of queue) {
          replaying.set(name, value);
          for (const [event, callback] of listeners.slice()) {
            if (event === "change:" + name) {
              callback();
            }
          }
          replaying.delete(name);
        }
        queue.length = 0;
        return widget;
      });
    },
    async render({ el }) {
      await painted();
      slot().want();
      const widget = await ready;
      const cleanup = await widget.render({ el });
      const watcher = followWidth(el);
      return () => {
        watcher.disconnect();
        if (typeof cleanup === "function") {
          cleanup();
        }
      };
    },
  };
};
