// cipherkit's page set-up, the one inline script of a page: the template writes this
// file's text into the page (share/voila/templates/cipherkit/index.html.j2), and the
// Content-Security-Policy allows exactly this text by its SHA-256 (cipherkit/serve/csp.py).
// Voila's own template writes these helpers inline (voila_setup.macro.html.j2), plus an
// inline voila_process(i, n) call per cell and an inline voila_finish() after the last;
// here each cell's <div cell-index data-cell-count> moves the loading text as it arrives,
// and the cells are shown once the page has been read. (No template syntax in here: the
// template includes this file.)
(() => {
  const me = document.currentScript;
  if (me && me.dataset.light === "1") window.themeLoaded = true; // light.css is the theme

  window.voila_heartbeat = () => console.log("Ok, voila is still executing...");

  // The frame's words in the page's language (the template's #ck-words data, issue 47).
  let words = {};
  try {
    words = JSON.parse(document.getElementById("ck-words")?.dataset.words || "{}");
  } catch (_) {
    words = {};
  }
  const running = (i, n) => String(words.executing || "").replace("{i}", i).replace("{n}", n);

  window.update_loading_text = (cellIndex, cellCount, text) => {
    const spinner = document.getElementById("loading");
    if (spinner && spinner.style.display === "none") spinner.style.display = "flex";
    const line = document.getElementById("loading_text");
    if (line) line.textContent = text ?? running(cellIndex, cellCount);
  };

  window.display_cells = () => {
    if (!window.themeLoaded) {
      window.cellLoaded = true; // Voila's frontend shows them once its theme is in
      return;
    }
    document.getElementById("loading")?.remove();
    const cells = document.getElementById("rendered_cells");
    if (cells) cells.style.display = "";
  };

  window.voila_process = window.update_loading_text;
  window.voila_finish = window.display_cells;

  // Each cell as it arrives from the server (the page is streamed while its kernel runs).
  const arrivals = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType === Node.ELEMENT_NODE && node.hasAttribute("cell-index")) {
          const index = Number(node.getAttribute("cell-index"));
          window.voila_process(index, Number(node.dataset.cellCount));
        }
      }
    }
  });
  arrivals.observe(document.documentElement, { childList: true, subtree: true });

  // The whole page read (before its deferred and module scripts run, as Voila's inline
  // call at the end of the body did): show the cells.
  document.addEventListener("readystatechange", () => {
    if (document.readyState !== "interactive") return;
    arrivals.disconnect();
    window.voila_finish();
  });
})();
