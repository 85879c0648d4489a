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

// plotly never wraps a text: a title or an empty chart's message longer than a phone's 412 px screen was cut
// off at both ends. After every draw each title (the figure's, the x axis's) and each annotation wider
// than the room it has is set in a smaller font (down to 80 %, not under 11 px) and, if it still does not
// fit, broken into lines at spaces (between any two characters of Chinese text), kept centred on where the
// one line was. Only the drawn text changes (the figure's layout, and Python's copy of it, keep the text).
// A text that fits is left alone, so wide screens draw exactly as before.
const FITTED = "__companionFitted";
const LINE = 1.3;          // plotly's line spacing (em)
const SVGNS = "http://www.w3.org/2000/svg";
const TOKENS = /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF][\u3000-\u303F\uFF01-\uFF0F\uFF1A-\uFF1F]*|[^\s\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]+\s*|\s+/g;

function room(text, svgRect) {
  // the widest the text may be where it is anchored, in px (0 when it cannot be told)
  const anchor = text.getAttribute("text-anchor") || "start";
  const box = text.getBoundingClientRect();
  const width = svgRect.width;
  const pad = 6;
  if (anchor === "middle") {
    const centre = box.left + box.width / 2 - svgRect.left;
    return 2 * Math.min(centre, width - centre) - 2 * pad;
  }
  if (anchor === "end") {
    return box.right - svgRect.left - pad;
  }
  return width - (box.left - svgRect.left) - pad;
}

function wrapLines(text, lines, limit) {
  // lines (strings) broken further so that each fits ``limit`` px at the text's current font
  const probe = document.createElementNS(SVGNS, "tspan");
  text.textContent = "";
  text.appendChild(probe);
  const out = [];
  for (const line of lines) {
    let current = "";
    for (const token of line.match(TOKENS) || []) {
      probe.textContent = (current + token).trimEnd();
      if (current.trim() && probe.getComputedTextLength() > limit) {
        out.push(current.trim());
        current = token.trimStart();
      } else {
        current += token;
      }
    }
    out.push(current.trim());
  }
  text.removeChild(probe);
  return out.filter((line) => line);
}

function fitText(text, svgRect) {
  const key = () => `${svgRect.width}|${text.textContent}|${text.style.fontSize}`;
  if (text[FITTED] === key()) {
    return;
  }
  const limit = room(text, svgRect);
  const width = text.getBBox().width;
  if (limit <= 40 || width <= limit + 0.5) {
    text[FITTED] = key();
    return;
  }
  const size = parseFloat(text.style.fontSize || getComputedStyle(text).fontSize) || 12;
  const smallest = Math.min(size, Math.max(11, size * 0.8));
  const smaller = Math.max(smallest, size * (limit / width));
  text.style.fontSize = smaller + "px";
  if (text.getBBox().width > limit + 0.5) {
    const spans = Array.from(text.querySelectorAll("tspan.line"));
    const before = spans.length ? spans.map((s) => s.textContent) : [text.textContent];
    const x = text.getAttribute("x");
    const lines = wrapLines(text, before, limit);
    const shift = ((before.length - 1) / 2 - (lines.length - 1) / 2) * LINE;
    text.textContent = "";
    lines.forEach((line, i) => {
      const span = document.createElementNS(SVGNS, "tspan");
      span.setAttribute("class", "line");
      if (x !== null) {
        span.setAttribute("x", x);
      }
      span.setAttribute("dy", (i === 0 ? shift : LINE) + "em");
      span.textContent = line;
      text.appendChild(span);
    });
  }
  text[FITTED] = key();
}

function fitTexts(el) {
  const svg = el.querySelector(".main-svg");
  if (!svg || !el.isConnected) {
    return;
  }
  const svgRect = svg.getBoundingClientRect();
  if (svgRect.width <= 0) {
    return;
  }
  for (const text of el.querySelectorAll(".infolayer text.gtitle, .infolayer .g-xtitle text, .annotation text.annotation-text")) {
    try {
      fitText(text, svgRect);
    } catch (error) {
      // a text that cannot be measured (not laid out) keeps plotly's drawing
    }
  }
}

// A figure drawn with a fixed height and a fixed aspect ratio (the Terra Mystica map: y scaled to x) is, on
// a narrow screen, bounded by its width and left a tall empty band above and below. There its height is
// lowered to what the width allows (never raised above the figure's own height; wider screens, where the
// height bounds the drawing, are left as they are). Only this view changes (Python's layout keeps its
// height; a new height from Python is taken as the figure's own again).
const NARROW = "(max-width: 640px)";

function fitHeight(el) {
  const full = el._fullLayout;
  const layout = el.layout;
  const view = el[VIEW];
  if (!full || !layout || !full.yaxis || full.yaxis.scaleanchor !== "x" || !full._size || !view ||
      typeof view.autosizeFigure !== "function") {
    return;
  }
  // the figure's own height and x range, as Python holds them (plotly drops the height after a resize and
  // widens the x range into the element's layout when the height bounds the drawing)
  const own = view.model && view.model.get("_widget_layout");
  const height = own && own.height;
  const xr = own && own.xaxis && own.xaxis.range;
  if (typeof height !== "number" || !Array.isArray(xr) || xr.length !== 2 || !Array.isArray(el.data)) {
    return;
  }
  // the drawing's height at the scale the width allows: the figure's x range (plotly widens the y range to
  // fill the plot, so the y extent is taken from the data) times the y scale ratio
  let low = Infinity;
  let high = -Infinity;
  for (const trace of el.data) {
    for (const y of trace.y || []) {
      if (typeof y === "number" && Number.isFinite(y)) {
        low = Math.min(low, y);
        high = Math.max(high, y);
      }
    }
  }
  if (!(high > low)) {
    return;
  }
  const perUnit = full._size.w / Math.abs(xr[1] - xr[0]);
  // (plus plotly's autorange padding around markers, about 5 % each side)
  const drawing = (high - low) * (full.yaxis.scaleratio || 1) * perUnit;
  const m = full.margin;
  const narrow = typeof matchMedia === "function" && matchMedia(NARROW).matches;
  if (!narrow && !el.style.height) {
    return;                              // a wide screen keeps plotly's sizing untouched
  }
  const wanted = narrow ? Math.min(height, Math.ceil(drawing * 1.1 + m.t + m.b + 4)) : height;
  if (Math.abs(wanted - full.height) > 4) {
    if (layout.xaxis && Array.isArray(layout.xaxis.range)) {
      layout.xaxis.range = xr.slice();   // the figure's own range again, read by the resize's redraw
    }
    // plotly sizes a figure without a fixed size to its element (the view's resize reads the element's
    // height), so the element is given the height and the view resizes the figure to it
    el.style.height = wanted + "px";
    view.autosizeFigure();
  }
}

function followDraws(el) {
  let queued = false;
  const run = () => {
    queued = false;
    fitHeight(el);
    fitTexts(el);
  };
  const schedule = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(run);
    }
  };
  let tries = 0;
  const attach = () => {
    if (typeof el.on === "function") {
      for (const name of ["plotly_afterplot", "plotly_relayout", "plotly_restyle", "plotly_update", "plotly_redraw"]) {
        el.on(name, schedule);
      }
      schedule();
    } else if (tries++ < 50) {
      setTimeout(attach, 100);
    }
  };
  attach();
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
      const refit = followDraws(el);
      const watcher = followWidth(el, refit);
      return () => {
        watcher.disconnect();
        if (typeof cleanup === "function") {
          cleanup();
        }
      };
    },
  };
};
