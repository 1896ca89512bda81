// Renders fixed trees with react-dom/server's renderToPipeableStream in this process's NODE_ENV
// and prints, as JSON, each render's HTML and the number of writes React made to its stream.
// Used by tests/unit/react-dom-server-writes.test.ts to compare the production build (patched by
// patches/react-dom+18.3.1.patch) with the development build (not patched).
const { Writable } = require("node:stream");
const React = require("react");
const { renderToPipeableStream } = require("react-dom/server");

const h = React.createElement;
const long = "Grüße, 広告 🎬 & <ads> ".repeat(900); // about 20 K characters, several sizes of UTF-8
const rows = Array.from({ length: 400 }, (_, i) =>
  h(
    "li",
    { key: i, className: `row row-${i}`, "data-i": i },
    h("a", { href: `/p/${i}?a=1&b="2"` }, `Item ${i} — ✓`),
    " ",
    i % 7 === 0 ? h("em", null, "seven") : null,
  ),
);

function later(value, ms) {
  let status = "pending";
  const promise = new Promise((resolve) => setTimeout(() => resolve((status = "done")), ms));
  return function Later() {
    if (status !== "done") throw promise;
    return h("p", { className: "late" }, value);
  };
}

const trees = {
  plain: () => h("main", null, h("h1", { title: 'a "quoted" title' }, "Ünïcödé"), h("ul", null, rows), h("pre", null, long)),
  suspense: () => {
    const Late = later("after the shell — ✓", 20);
    return h("div", null, h("p", null, "shell"), h(React.Suspense, { fallback: h("span", null, "loading…") }, h(Late)), h("ul", null, rows.slice(0, 50)));
  },
};

function render(name) {
  return new Promise((resolve, reject) => {
    const parts = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        parts.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on("finish", () => resolve({ name, html: Buffer.concat(parts).toString("utf8"), writes: parts.length }));
    const { pipe } = renderToPipeableStream(trees[name](), { onShellReady: () => pipe(sink), onShellError: reject, onError: reject });
  });
}

(async () => {
  const alone = [];
  for (const name of Object.keys(trees)) alone.push(await render(name));
  // Two renders at once, one waiting on its Suspense boundary while the other streams.
  const together = await Promise.all([render("suspense"), render("plain"), render("suspense")]);
  process.stdout.write(JSON.stringify({ alone, together }));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
