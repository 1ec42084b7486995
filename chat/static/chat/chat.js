/* The table chat of a match page: the players' or the spectators' channel live, or both in a replay.
 *
 * Talks through the page's one match socket (matches/static/matches/live.js), whose api the match
 * page hands to attach(api): listens with api.on(type, fn) and sends with api.sendFrame(frame).
 * Every text from a person is inserted with textContent, never as HTML.
 */
import { CHAT } from "./chat_strings.js";

export function attach(api) {
  const panel = document.getElementById("chat-panel");
  if (!panel) return;
  const list = panel.querySelector(".chat-messages");
  const emptyEl = panel.querySelector(".chat-empty");
  const form = panel.querySelector(".chat-form");
  const input = form ? form.querySelector("input[name=text]") : null;
  const errorEl = panel.querySelector(".chat-error");
  const mutedEl = panel.querySelector(".chat-muted");
  const me = panel.dataset.me;
  const live = panel.dataset.mode === "live";
  const T = CHAT;
  function t(key, values) {
    let text = T[key] || key;
    Object.keys(values || {}).forEach(function (k) { text = text.split("{" + k + "}").join(values[k]); });
    return text;
  }

  let shown = {};      // message id -> true, so a message in the history and live is drawn once
  let muted = [];      // names of the people the reader muted
  let pendingText = "";
  let liveApi = null;

  function showError(message) {
    if (!errorEl) return;
    errorEl.textContent = message || "";
    errorEl.hidden = !message;
  }

  function toolButton(label, title, onClick) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "chat-link";
    b.textContent = label;
    if (title) b.title = title;
    b.addEventListener("click", onClick);
    return b;
  }

  function messageItem(message) {
    const li = document.createElement("li");
    li.className = "chat-msg";
    li.dataset.testid = "chat-message";
    li.dataset.id = String(message.id);
    li.dataset.author = message.author;
    li.dataset.channel = message.channel;
    const author = document.createElement("span");
    author.className = "chat-author";
    author.textContent = message.author;
    li.appendChild(author);
    if (!live) {
      const tag = document.createElement("span");
      tag.className = "chat-tag";
      tag.textContent = message.seat === null ? t("spectator") : t("seat", { n: message.seat + 1 });
      li.appendChild(tag);
    }
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = message.text;
    li.appendChild(text);
    if (live && me && message.author !== me) {
      const tools = document.createElement("span");
      tools.className = "chat-tools";
      tools.appendChild(toolButton(t("mute"), t("mute_title", { name: message.author }), function () {
        liveApi.sendFrame({ type: "chat_mute", user: message.author });
      }));
      tools.appendChild(toolButton(t("report"), "", function () {
        const reason = window.prompt(t("report_reason"), "");
        if (reason === null) return;
        liveApi.sendFrame({ type: "chat_report", message: message.id, reason: reason });
      }));
      li.appendChild(tools);
    }
    return li;
  }

  function append(message) {
    if (shown[message.id] || muted.indexOf(message.author) !== -1) return;
    shown[message.id] = true;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.appendChild(messageItem(message));
    if (atBottom) list.scrollTop = list.scrollHeight;
    emptyEl.hidden = true;
  }

  function replaceAll(messages) {
    list.textContent = "";
    shown = {};
    emptyEl.hidden = messages.length > 0;
    messages.forEach(append);
    list.scrollTop = list.scrollHeight;
  }

  function drawMuted() {
    if (!mutedEl) return;
    mutedEl.textContent = "";
    mutedEl.hidden = muted.length === 0;
    if (!muted.length) return;
    mutedEl.appendChild(document.createTextNode(t("muted") + " "));
    muted.forEach(function (name) {
      mutedEl.appendChild(toolButton(t("unmute", { name: name }), "", function () {
        liveApi.sendFrame({ type: "chat_unmute", user: name });
      }));
    });
  }

  function onMuted(frame) {
    muted = muted.filter(function (name) { return name !== frame.user; });
    if (frame.muted) {
      muted.push(frame.user);
      Array.prototype.slice.call(list.children).forEach(function (li) {
        if (li.dataset.author === frame.user) { delete shown[li.dataset.id]; li.remove(); }
      });
      emptyEl.hidden = list.children.length > 0;
    }
    drawMuted();
  }

  function attachLive(api) {
    liveApi = api;
    api.on("chat", function (frame) {
      append(frame.message);
      if (frame.message.author === me) pendingText = "";
    });
    api.on("chat_history", function (frame) {
      muted = frame.muted || [];
      drawMuted();
      replaceAll(frame.messages || []);
    });
    api.on("chat_muted", onMuted);
    api.on("chat_reported", function () { api.toast(t("reported")); });
    api.on("error", function (frame) {
      if (!/^chat_/.test(frame.code || "")) return;
      showError(frame.message);
      if (input && !input.value && pendingText) input.value = pendingText;
    });
    if (form) {
      form.addEventListener("submit", function (ev) {
        ev.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        showError("");
        if (api.sendFrame({ type: "chat", text: text })) {
          pendingText = text;
          input.value = "";
        }
      });
    }
  }

  function attachReplay(api) {
    // A replay shows every message it may, up to the moment of the step on screen. A step that shows the same
    // ones leaves the list alone: redrawing it read the list's height, a layout of the whole page forced in
    // the middle of the step's drawing (6 ms a step, 8% of a Basra replay's time in the page).
    let drawn = null;
    api.on("replay_step", function (step) {
      const messages = ((step.data && step.data.chat) || []).filter(function (m) { return m.version <= step.version; });
      const ids = messages.map(function (m) { return m.id; }).join(",");
      if (ids === drawn) return;
      drawn = ids;
      replaceAll(messages);
    });
  }

  (live ? attachLive : attachReplay)(api);
}
