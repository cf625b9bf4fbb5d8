// Choose the PyTorch release whose outputs the page shows (torch_notes/pages/release_outputs.py).
// Every release's text is already in the page; this only opens each block on the reader's
// release, remembered across pages. Without JavaScript every block lists all its releases.
// The page has one picker, written before its first block and outside every block (shown only
// where scripts run): a reader reaches it without opening one, and opening or closing blocks
// never hides it while it has the focus (a closed <select> changes on each arrow key).
(() => {
  const KEY = "torch-notes-release";
  const blocks = [...document.querySelectorAll("details.release-outputs")];
  if (!blocks.length) return;
  const stored = () => { try { return localStorage.getItem(KEY) || ""; } catch { return ""; } };
  const store = (value) => { try { localStorage.setItem(KEY, value); } catch { /* private mode */ } };
  const minor = (release) => release.split(".").map(Number);
  const within = (release, first, last) => {
    const [r, f, l] = [release, first, last].map(minor);
    const cmp = (a, b) => a[0] - b[0] || a[1] - b[1];
    return cmp(r, f) >= 0 && cmp(r, l) <= 0;
  };
  const runOf = (run, prefix) => [...run.classList].find((c) => c.startsWith(prefix))?.slice(prefix.length);
  const select = document.querySelector(".release-picker select");
  if (!select) return;
  function apply(release) {
    for (const block of blocks) {
      const runs = [...block.querySelectorAll(".release-run")];
      let chosen = null;
      for (const run of runs) {
        const hit = release && within(release, runOf(run, "first-"), runOf(run, "last-"));
        run.classList.toggle("not-chosen", Boolean(release) && !hit);
        if (hit) chosen = run;
      }
      block.querySelector(".release-same")?.remove();
      if (release && !chosen) {
        const note = document.createElement("p");
        note.className = "release-same";
        note.textContent = block.dataset.same.replace("{release}", release);
        block.querySelector("summary").after(note);
      }
      block.open = Boolean(chosen);
    }
    select.value = release;
  }
  select.addEventListener("change", () => { store(select.value); apply(select.value); });
  const release = stored();
  if (release) apply(release);
})();
