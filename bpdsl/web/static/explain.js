"use strict";
// The 「評価」 of a decision: an agent's values of the seat's options (GET …/seats/{seat}/explain), read from
// the seat's own view. Kept apart from play.js: it only watches the prompt and adds to it.
(() => {
  const prompt = document.getElementById("prompt");
  async function advise(button) {
    button.disabled = true;
    try {
      const e = await api("GET", base + "/explain" + q + "&agent=heuristic");
      const box = el("div", { class: "advice muted", id: "advice", text: e.agent_name + ": " + e.measure_words });
      for (const c of e.candidates) {
        const b = prompt.querySelector('.options button[data-i="' + c.index + '"]');
        if (!b) continue;
        const mark = (c.value === null ? "評価なし" : "評価 " + c.value.toFixed(2)) + (c.index === e.choice ? " ★" : "");
        b.append(el("span", { class: "value", "data-value": c.value === null ? "" : String(c.value), text: " [" + mark + "]" }));
      }
      button.after(box);
    } catch (err) {
      document.getElementById("error").textContent = err.message;
    }
  }
  new MutationObserver(() => {
    const opts = prompt.querySelector(".options");
    if (!opts || prompt.querySelector("#advise")) return;
    const b = el("button", { type: "button", id: "advise", text: "評価を見る (定石)" });
    b.addEventListener("click", () => advise(b));
    opts.before(b);
  }).observe(prompt, { childList: true });
})();
