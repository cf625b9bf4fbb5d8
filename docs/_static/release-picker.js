// Choose the PyTorch release whose outputs the page shows (torch_notes/pages/release_outputs.py).
// Every release's text is already in the page; this only opens each block on the reader's
// release, remembered across pages. Without JavaScript every block lists all its releases.
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
        block.querySelector(".release-picker").after(note);
      }
      block.open = Boolean(chosen);
      for (const select of block.querySelectorAll("select")) select.value = release;
    }
  }
  for (const block of blocks) {
    const picker = document.createElement("p");
    picker.className = "release-picker";
    const label = document.createElement("label");
    label.textContent = `${block.dataset.picker} `;
    const select = document.createElement("select");
    select.append(new Option(block.dataset.pageRelease, ""));
    for (const release of block.dataset.releases.split(" ")) select.append(new Option(release, release));
    select.addEventListener("change", () => { store(select.value); apply(select.value); });
    label.append(select);
    picker.append(label);
    block.querySelector("summary").after(picker);
  }
  const release = stored();
  if (release) apply(release);
})();
