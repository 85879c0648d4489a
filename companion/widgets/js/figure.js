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

// As an anywidget plotly never sizes a figure again: one drawn before its box had its width (a phone's page
// laid out late) kept 700 px. When the element's width no longer matches, the view's autosizeFigure() runs.
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

function followWidth(el, refit) {
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
    refit();
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

// plotly never wraps: a title or message too wide for a narrow plot gets a smaller font (>= 80 %, 11 px), then
// lines (at spaces, between Chinese characters), kept below the top. Text that fits is untouched.
const FIT = "__companionFit";
const NS = "http://www.w3.org/2000/svg";
const CJK = "\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF";
const TOKENS = new RegExp(`[${CJK}][\u3000-\u303F\uFF01-\uFF0F\uFF1A-\uFF1F]*|[^\\s${CJK}]+\\s*|\\s+`, "g");

function fitText(t, svg) {
  const key = () => `${svg.width}|${t.textContent}|${t.style.fontSize}`;
  if (t[FIT] === key()) {
    return;
  }
  const box = t.getBoundingClientRect();
  const at = t.getAttribute("text-anchor");
  const mid = box.left + box.width / 2 - svg.left;
  const room = (at === "middle" ? 2 * Math.min(mid, svg.width - mid) : at === "end" ? box.right - svg.left
    : svg.right - box.left) - 12;
  const wide = t.getBBox().width;
  if (room > 40 && wide > room + 0.5) {
    const size = parseFloat(t.style.fontSize) || 12;
    t.style.fontSize = Math.max(Math.min(size, Math.max(11, size * 0.8)), size * room / wide) + "px";
    if (t.getBBox().width > room + 0.5) {
      const spans = [...t.querySelectorAll("tspan.line")].map((s) => s.textContent);
      const before = spans.length ? spans : [t.textContent];
      const x = t.getAttribute("x");
      const probe = document.createElementNS(NS, "tspan");
      t.replaceChildren(probe);
      const lines = [];
      for (const line of before) {
        let now = "";
        for (const token of line.match(TOKENS) || []) {
          probe.textContent = (now + token).trimEnd();
          if (now.trim() && probe.getComputedTextLength() > room) {
            lines.push(now.trim());
            now = token.trimStart();
          } else {
            now += token;
          }
        }
        lines.push(now.trim());
      }
      t.replaceChildren();
      const kept = lines.filter(Boolean);
      kept.forEach((line, i) => {
        const span = document.createElementNS(NS, "tspan");
        span.setAttribute("class", "line");
        span.setAttribute("x", x);
        span.setAttribute("dy", (i ? 1.3 : ((before.length - kept.length) / 2) * 1.3) + "em");
        span.textContent = line;
        t.appendChild(span);
      });
      const over = svg.top + 2 - t.getBoundingClientRect().top;
      if (over > 0) {
        t.setAttribute("y", Number(t.getAttribute("y")) + over);
      }
    }
  }
  t[FIT] = key();
}

// A map drawn to scale (y anchored to x) as wide as its box: the element gets the height its drawn width needs (at
// most the figure's own; the view's resize reads it), at any width, and Python's x range back (plotly widens it
// into el.layout when the height is the figure's own). A figure with a width of its own is left as it is.
function fitHeight(el) {
  const full = el._fullLayout;
  const view = el[VIEW];
  const own = view && view.model && view.model.get("_widget_layout");
  const xr = own && own.xaxis && own.xaxis.range;
  if (!full || !full._size || !full.yaxis || full.yaxis.scaleanchor !== "x" || !own || typeof own.height !== "number" ||
      typeof own.width === "number" || !Array.isArray(xr) || !Array.isArray(el.data)) {
    return;
  }
  let low = Infinity;
  let high = -Infinity;
  let marker = 0;   // the largest marker (px): plotly's autorange pads the y range by half of it at each end
  for (const trace of el.data) {
    for (const y of trace.y || []) {
      if (Number.isFinite(y)) {
        low = Math.min(low, y);
        high = Math.max(high, y);
      }
    }
    const size = trace.marker && String(trace.mode || "").includes("markers") && (trace.y || []).length ? trace.marker.size : 0;
    for (const s of Array.isArray(size) ? size : [size]) {
      marker = Number.isFinite(s) ? Math.max(marker, s) : marker;
    }
  }
  // the box's width, not the one plotly drew at: a figure first drawn before its box had its width (22 px in the
  // map lab on a phone) would otherwise be given the height of that width and keep both
  const box = el.clientWidth;
  if (box < 40) {
    return;
  }
  // data height at the width's scale + autorange padding
  const plotWidth = box - full._size.l - full._size.r;
  const drawn = (1.1 * (high - low) * (full.yaxis.scaleratio || 1) * plotWidth) / Math.abs(xr[1] - xr[0]);
  const wanted = high > low ? Math.min(own.height, Math.ceil(drawn + marker + full._size.t + full._size.b + 4))
    : own.height;
  // (the element keeps the height given to it for an earlier map until told another)
  const styled = parseFloat(el.style.height);
  if (Math.abs(wanted - full.height) > 4 || Math.abs(box - full.width) > 2 || (styled && Math.abs(styled - wanted) > 4)) {
    el.layout.xaxis.range = xr.slice();
    // a height sent from Python (a new map's) turns plotly's autosize off and fixes the layout's width and height,
    // which its resize then keeps: it sizes the figure to the element again
    el.layout.autosize = true;
    delete el.layout.width;
    delete el.layout.height;
    el.style.height = wanted + "px";
    view.autosizeFigure();
  }
}

function followDraws(el) {
  let queued = false;
  const run = () => {
    queued = false;
    fitHeight(el);
    const rect = el.isConnected && el.querySelector(".main-svg")?.getBoundingClientRect();
    for (const t of rect && rect.width ? el.querySelectorAll(".gtitle, .g-xtitle text, text.annotation-text") : []) {
      try {
        fitText(t, rect);
      } catch {
        // not laid out
      }
    }
  };
  const schedule = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(run);
    }
  };
  const attach = (tries) => {
    if (el.on) {
      ["afterplot", "relayout", "restyle", "update"].forEach((n) => el.on("plotly_" + n, schedule));
      schedule();
    } else if (tries) {
      setTimeout(attach, 100, tries - 1);
    }
  };
  attach(50);
  return schedule;
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
        let caught = null;   // the listeners a view being rendered adds (see watched)
        const proxy = {
          get: (key) => (replaying.has(key) ? replaying.get(key) : model.get(key)),
          set: (key, value) => model.set(key, value),
          save_changes: () => model.save_changes(),
          send: (...args) => model.send(...args),
          on: (event, callback) => {
            (caught || listeners).push([event, callback]);
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
        // plotly's view listens to the model's edit messages (model.on) and never stops: a view taken off the page
        // (an ipywidgets box's children changed) kept applying each edit to its purged plot, which threw ("Cannot
        // read properties of undefined (reading 'length')" on a deleteTraces), and the error stopped the message
        // there, so the view shown later missed the rest of it (the coach's Review chart redrawn after Undo kept
        // the undone moves). The listeners a view adds while rendering are removed with the view.
        const watched = (render) => {
          caught = [];
          try {
            const cleanup = render();
            const own = caught;
            return [cleanup, () => own.forEach(([event, callback]) => model.off(event, callback))];
          } finally {
            caught = null;
          }
        };
        return { widget, watched };
      });
    },
    async render({ el }) {
      await painted();
      slot().want();
      const { widget, watched } = await ready;
      const [rendered, unlisten] = watched(() => widget.render({ el }));
      const cleanup = await rendered;
      const refit = followDraws(el);
      const watcher = followWidth(el, refit);
      return () => {
        unlisten();
        watcher.disconnect();
        if (typeof cleanup === "function") {
          cleanup();
        }
      };
    },
  };
};
