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

// Resolves once the page has drawn a frame (or after 100 ms in a hidden tab, where frames stop): the
// widgets displayed with this figure are on screen before plotly's 5 MB code is evaluated.
function painted() {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
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
      return widget.render({ el });
    },
  };
};
