/* Sidi Baba: the Adventurers' first-person view, drawn on a <canvas> from the view's relative geometry.
 *
 * A small painter's-algorithm 3D renderer on the 2D canvas: every wall, floor and ceiling is a quad in
 * a world whose origin is the centre of the group's square (x right, y up, z ahead); quads are clipped
 * at the near plane, projected, shaded by the lamp (light falls off with distance) and given a brick or
 * stone pattern drawn as projected mortar lines. A move is animated from the previous sight to the new
 * one: a step moves the camera forward through the old corridor, a turn rotates it towards the new one.
 * Registered as the "sight" renderer; the Leader's page mounts it small beside his map.
 */
import * as UI from "../matches/ui.js";
import * as S from "./sidi_common.js";

const NEAR = 0.06;
const EYE_BACK = 0.32;      // the camera stands this far behind the square's centre
const STEP_MS = 260;        // a step or a turn takes about a quarter of a second
const TURNS = { A: -1, B: 2, C: 1, D: -1, E: 0, F: 1 };
const STEPS = { D: true, E: true, F: true };

/* ---------------------------------------------------------------- the scene's quads */

function rotateXZ(p, quarter) {
  const q = ((quarter % 4) + 4) % 4;
  if (q === 0) return p;
  if (q === 1) return [p[2], p[1], -p[0]];
  if (q === 2) return [-p[0], p[1], -p[2]];
  return [-p[2], p[1], p[0]];
}

/* The quads of one sight (a corridor ahead), placed at `origin` ([x, z]) and turned `quarter` quarters
 * to the right (as seen from the base frame). */
function corridor(sight, front, outside, origin, quarter) {
  const quads = [];
  function add(points, kind, extra) {
    quads.push(Object.assign({ kind: kind, points: points.map(function (p) {
      const r = rotateXZ(p, quarter);
      return [r[0] + origin[0], r[1], r[2] + origin[1]];
    }) }, extra || {}));
  }
  const H = 0.5;
  (sight || []).forEach(function (sq, i) {
    const z0 = i - 0.5, z1 = i + 0.5;
    const open = outside && i === 0 ? "sky" : null;
    add([[-0.5, -H, z0], [0.5, -H, z0], [0.5, -H, z1], [-0.5, -H, z1]], open ? "ground" : "floor");
    if (!open) add([[-0.5, H, z1], [0.5, H, z1], [0.5, H, z0], [-0.5, H, z0]], "ceiling");
    [["left", -0.5, -1], ["right", 0.5, 1]].forEach(function (side) {
      const what = sq[side[0]], x = side[1], out = side[1] + side[2];
      if (what === "wall") add([[x, -H, z0], [x, -H, z1], [x, H, z1], [x, H, z0]], open ? "rock" : "wall");
      else if (what === "blocked") add([[x, -H, z0], [x, -H, z1], [x, H, z1], [x, H, z0]], "rubble");
      else if (what === "daylight") add([[x, -H, z0], [x, -H, z1], [x, H, z1], [x, H, z0]], "daylight");
      else {
        // a side opening: the side square's floor and ceiling, and darkness beyond
        add([[x, -H, z0], [out, -H, z0], [out, -H, z1], [x, -H, z1]], "floor");
        add([[x, H, z1], [out, H, z1], [out, H, z0], [x, H, z0]], "ceiling");
        add([[x, -H, z1], [out, -H, z1], [out, H, z1], [x, H, z1]], "wall");
        add([[x, -H, z0], [out, -H, z0], [out, H, z0], [x, H, z0]], "wall");
      }
    });
    const last = i === sight.length - 1;
    if (last || sq.ahead !== "open") {
      const kind = { wall: "wall", blocked: "rubble", daylight: "daylight" }[sq.ahead] || "dark";
      add([[-0.5, -H, z1], [0.5, -H, z1], [0.5, H, z1], [-0.5, H, z1]], kind);
    }
  });
  if (front && sight && sight.length > 1) objects(front, add);
  return quads;
}

/* What lies on the square in front (its centre is at z = 1). */
function objects(front, add) {
  function box(x0, x1, y0, y1, z0, z1, kind) {
    add([[x0, y1, z0], [x1, y1, z0], [x1, y1, z1], [x0, y1, z1]], kind, { top: true });
    add([[x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0]], kind);
    add([[x0, y0, z0], [x0, y0, z1], [x0, y1, z1], [x0, y1, z0]], kind);
    add([[x1, y0, z0], [x1, y0, z1], [x1, y1, z1], [x1, y1, z0]], kind);
  }
  if (front.chest) {
    box(-0.22, 0.22, -0.5, -0.28, 0.85, 1.12, "chest");
    if (front.chest === "open") add([[-0.22, -0.28, 1.12], [0.22, -0.28, 1.12], [0.22, -0.02, 1.2], [-0.22, -0.02, 1.2]], "lid");
    else box(-0.22, 0.22, -0.28, -0.2, 0.85, 1.12, "lid");
  }
  function face(x0, x1, y0, y1, z, kind) { add([[x0, y0, z], [x1, y0, z], [x1, y1, z], [x0, y1, z]], kind, { decal: true }); }
  if (front.chest) {
    face(-0.16, -0.12, -0.5, -0.28, 0.845, "band");
    face(0.12, 0.16, -0.5, -0.28, 0.845, "band");
    face(-0.03, 0.03, -0.34, -0.28, 0.844, "gold");
  }
  if (front.treasure) {
    box(-0.3, 0.3, -0.5, -0.24, 0.8, 1.15, "gold");
    face(-0.3, 0.3, -0.36, -0.33, 0.795, "band");
    [[-0.2, "ruby"], [0, "emerald"], [0.2, "ruby"]].forEach(function (g) { face(g[0] - 0.03, g[0] + 0.03, -0.45, -0.39, 0.794, g[1]); });
    if (front.treasure === "open") add([[-0.3, -0.24, 1.15], [0.3, -0.24, 1.15], [0.3, 0.06, 1.24], [-0.3, 0.06, 1.24]], "gold");
  }
  if (front.leader) {
    // a robed figure with a turban and a sash
    add([[-0.15, -0.5, 1.05], [0.15, -0.5, 1.05], [0.1, 0.05, 1.05], [-0.1, 0.05, 1.05]], "leader");
    add([[-0.12, -0.2, 1.04], [0.12, -0.2, 1.04], [0.11, -0.15, 1.04], [-0.11, -0.15, 1.04]], "sash");
    add([[-0.07, 0.05, 1.045], [0.07, 0.05, 1.045], [0.07, 0.19, 1.045], [-0.07, 0.19, 1.045]], "face");
    add([[-0.1, 0.17, 1.04], [0.1, 0.17, 1.04], [0.07, 0.27, 1.04], [-0.07, 0.27, 1.04]], "turban");
  }
  (front.arrows || []).forEach(function (arrow, n) {
    const q = { ahead: 0, right: 1, back: 2, left: 3 }[arrow.direction] || 0;
    const y = -0.495 + n * 0.002;
    const pts = [[-0.05, -0.3], [0.05, -0.3], [0.05, 0.05], [0.14, 0.05], [0, 0.3], [-0.14, 0.05], [-0.05, 0.05]];
    add(pts.map(function (p) { const r = rotateXZ([p[0], 0, p[1]], q); return [r[0] + (n ? 0.12 : 0), y, r[2] + 1]; }),
      "arrow", { colour: arrow.colour, flat: true });
  });
}

/* ---------------------------------------------------------------- drawing */

const BASE = {
  wall: [150, 104, 66], rock: [120, 98, 80], floor: [110, 86, 62], ground: [150, 130, 90], ceiling: [70, 54, 42],
  rubble: [125, 110, 95], daylight: [255, 244, 200], dark: [0, 0, 0], chest: [120, 70, 30], lid: [150, 92, 40],
  gold: [230, 180, 40], leader: [90, 20, 30], sash: [220, 170, 40], band: [50, 40, 35], ruby: [200, 30, 50], emerald: [30, 170, 90], face: [170, 120, 80], turban: [235, 230, 215], arrow: [200, 40, 40],
};
const ARROW = { blue: [60, 110, 230], red: [220, 50, 40] };
const GLOWS = { daylight: true, gold: true, arrow: true, ruby: true, emerald: true };

function toCamera(p, cam) {
  const dx = p[0] - cam.x, dz = p[2] - cam.z;
  const c = Math.cos(cam.yaw), s = Math.sin(cam.yaw);
  return [dx * c - dz * s, p[1] - cam.y, dx * s + dz * c];
}

function clipNear(pts) {
  const out = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i], b = pts[(i + 1) % pts.length];
    const ain = a[2] >= NEAR, bin = b[2] >= NEAR;
    if (ain) out.push(a);
    if (ain !== bin) {
      const t = (NEAR - a[2]) / (b[2] - a[2]);
      out.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), NEAR]);
    }
  }
  return out;
}

function light(dist, kind, outside) {
  if (kind === "daylight" || kind === "dark") return 1;
  const lamp = 1.35 / (1 + 0.35 * dist + 0.5 * dist * dist);
  return Math.min(1, outside ? Math.max(lamp, 0.75) : lamp);
}

function shade(rgb, f) {
  return "rgb(" + rgb.map(function (c) { return Math.round(Math.min(255, c * f)); }).join(",") + ")";
}

/* Mortar lines of a vertical wall quad (bricks) or a floor (stones), in world coordinates. */
function patternLines(q) {
  const p = q.points, lines = [];
  const a = p[0], b = p[1], d = p[3];
  const rows = q.kind === "floor" || q.kind === "ceiling" ? 3 : 5;
  const cols = q.kind === "floor" || q.kind === "ceiling" ? 3 : 4;
  function at(u, v) { return [a[0] + (b[0] - a[0]) * u + (d[0] - a[0]) * v, a[1] + (b[1] - a[1]) * u + (d[1] - a[1]) * v, a[2] + (b[2] - a[2]) * u + (d[2] - a[2]) * v]; }
  for (let r = 1; r < rows; r++) lines.push([at(0, r / rows), at(1, r / rows)]);
  for (let r = 0; r < rows; r++) {
    for (let c = 1; c < cols; c++) {
      const u = (c + (r % 2 ? 0.5 : 0)) / cols;
      if (u < 1) lines.push([at(u, r / rows), at(u, (r + 1) / rows)]);
    }
  }
  return lines;
}

function draw(canvas, scene, cam, outside) {
  const ctx = canvas.getContext("2d");
  const W = canvas.width, H = canvas.height, f = W * 0.5;
  const sky = ctx.createLinearGradient(0, 0, 0, H);
  if (outside) { sky.addColorStop(0, "#8ec9f0"); sky.addColorStop(0.5, "#f6e7b8"); sky.addColorStop(1, "#7a6a4a"); }
  else { sky.addColorStop(0, "#050302"); sky.addColorStop(1, "#0b0705"); }
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, W, H);
  function project(p) { return [W / 2 + (p[0] / p[2]) * f, H / 2 - (p[1] / p[2]) * f]; }
  const items = scene.map(function (q) {
    const pts = q.points.map(function (p) { return toCamera(p, cam); });
    let cx = 0, cy = 0, cz = 0;
    pts.forEach(function (p) { cx += p[0]; cy += p[1]; cz += p[2]; });
    const n = pts.length;
    let depth = Math.sqrt(cx * cx / (n * n) + cy * cy / (n * n) + cz * cz / (n * n));
    if (q.flat || q.decal) depth -= q.decal ? 0.15 : 0.3;   // markers on the floor, bands and gems on a box: drawn after it
    if (q.top) depth -= 0.05;
    return { q: q, cam: pts, depth: depth };
  });
  items.sort(function (a, b) { return b.depth - a.depth; });
  items.forEach(function (it) {
    const clipped = clipNear(it.cam);
    if (clipped.length < 3) return;
    const q = it.q, screen = clipped.map(project);
    const base = q.kind === "arrow" ? (ARROW[q.colour] || BASE.arrow) : BASE[q.kind];
    const l = light(it.depth, q.kind, outside);
    ctx.beginPath();
    screen.forEach(function (s, i) { if (i) ctx.lineTo(s[0], s[1]); else ctx.moveTo(s[0], s[1]); });
    ctx.closePath();
    if (q.kind === "daylight") {
      const g = ctx.createRadialGradient(W / 2, H / 2, 0, W / 2, H / 2, W * 0.6);
      g.addColorStop(0, "#fffdf0"); g.addColorStop(1, "#f3d98a");
      ctx.fillStyle = g;
    } else {
      ctx.fillStyle = shade(base, GLOWS[q.kind] ? Math.max(l, 0.7) : l);
    }
    ctx.fill();
    if (q.kind === "wall" || q.kind === "floor" || q.kind === "ceiling" || q.kind === "rock" || q.kind === "rubble") {
      ctx.save();
      ctx.clip();
      ctx.strokeStyle = shade(q.kind === "rubble" ? [60, 50, 40] : [40, 26, 16], l);
      ctx.lineWidth = Math.max(0.6, 3 / Math.max(it.depth, 0.5));
      ctx.beginPath();
      patternLines(q).forEach(function (seg) {
        let a = toCamera(seg[0], cam), b = toCamera(seg[1], cam);
        if (a[2] < NEAR && b[2] < NEAR) return;
        if (a[2] < NEAR) { const t = (NEAR - a[2]) / (b[2] - a[2]); a = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), NEAR]; }
        if (b[2] < NEAR) { const u = (NEAR - b[2]) / (a[2] - b[2]); b = [b[0] + u * (a[0] - b[0]), b[1] + u * (a[1] - b[1]), NEAR]; }
        const sa = project(a), sb = project(b);
        ctx.moveTo(sa[0], sa[1]); ctx.lineTo(sb[0], sb[1]);
      });
      ctx.stroke();
      ctx.restore();
    } else if (q.kind !== "daylight" && q.kind !== "dark") {
      ctx.strokeStyle = "rgba(0,0,0,0.45)";
      ctx.lineWidth = 1;
      ctx.stroke();
    }
  });
  // the lamp's warm halo
  if (!outside) {
    const halo = ctx.createRadialGradient(W / 2, H * 0.62, 0, W / 2, H * 0.62, W * 0.75);
    halo.addColorStop(0, "rgba(255,190,90,0.10)"); halo.addColorStop(1, "rgba(0,0,0,0.35)");
    ctx.fillStyle = halo;
    ctx.fillRect(0, 0, W, H);
  }
}

/* ---------------------------------------------------------------- the renderer */

function camera(x, z, yaw) {
  return { x: x - Math.sin(yaw) * EYE_BACK, y: 0.02, z: z - Math.cos(yaw) * EYE_BACK, yaw: yaw };
}

function SightRenderer() {
  let root = null, canvas = null, caption = null, anim = null, current = null;

  function still(view) {
    current = { scene: corridor(view.sight, view.front, view.outside, [0, 0], 0), outside: !!view.outside };
    draw(canvas, current.scene, camera(0, 0, 0), current.outside);
    canvas.dataset.drawn = String(Number(canvas.dataset.drawn || 0) + 1);
  }

  /* Walk or turn from the previous sight to the new one in STEP_MS. */
  function animate(oldView, newView, move) {
    const stepped = !!STEPS[move.move] && move.stepped !== false;
    const quarter = TURNS[move.move] || 0;
    const origin = [0, stepped ? 1 : 0];
    const scene = corridor(oldView.sight, oldView.front, oldView.outside, [0, 0], 0)
      .concat(corridor(newView.sight, newView.front, newView.outside, origin, quarter));
    const outside = !!newView.outside && !!oldView.outside;
    const turning = quarter !== 0;
    const start = performance.now();
    const token = {};
    anim = token;
    canvas.dataset.animating = "1";
    function frameAt(now) {
      if (anim !== token) return;
      const t = Math.min(1, (now - start) / STEP_MS);
      const walk = stepped ? (turning ? Math.min(1, t * 2) : t) : 0;
      const turn = turning ? (stepped ? Math.max(0, t * 2 - 1) : t) : 0;
      const ease = function (x) { return x * x * (3 - 2 * x); };
      draw(canvas, scene, camera(0, origin[1] * ease(walk), (quarter * Math.PI / 2) * ease(turn)), outside);
      if (t < 1) requestAnimationFrame(frameAt);
      else { anim = null; delete canvas.dataset.animating; still(newView); }
    }
    requestAnimationFrame(frameAt);
  }

  return {
    actions: [],
    mount: function (el, a) {
      root = el;
      const small = a.seat === 0;  // the Leader sees it small beside his map
      canvas = UI.h("canvas", { width: small ? 320 : 640, height: small ? 220 : 420, className: "sidi-sight",
        "data-testid": "sight-canvas", role: "img", "aria-label": S.t("sight_label", "What the lamp shows ahead") });
      caption = UI.h("p", { className: "sidi-front muted", "data-testid": "sight-front" });
      el.appendChild(canvas);
      el.appendChild(caption);
    },
    update: function (frame, previous, events) {
      const view = frame.view || {};
      root.hidden = !view.sight;
      if (!view.sight) return;
      caption.textContent = S.frontText(view);
      // the picture's name is what it shows, in words (a screen reader's way to see it)
      canvas.setAttribute("aria-label", S.t("sight_label", "What the lamp shows ahead") + ": " + S.sightText(view));
      let moved = null;
      (events || []).forEach(function (e) { if (e.code === "moved") moved = e; });
      const before = previous && previous.view;
      const oneMove = moved && before && before.sight && view.moves_made === (before.moves_made || 0) + 1 && !frame.replay;
      if (oneMove && (TURNS[moved.move] !== 0 || STEPS[moved.move])) animate(before, view, moved);
      else { anim = null; delete canvas.dataset.animating; still(view); }
    },
    destroy: function () { anim = null; if (root) root.innerHTML = ""; },
  };
}

export { corridor, draw, camera, SightRenderer };
UI.LiveMatch.registerRenderer("sidibaba", "sight", SightRenderer());
