/// The site's one stylesheet: system fonts only, a readable measure, tables that become one card
/// per row on a phone (each cell labelled, so nothing scrolls sideways), outcome colours that also
/// read in greyscale (the word is always written), and a print layout without navigation. Code
/// (ids, paths) breaks where its text allows a break (after a hyphen, at a space), inside a word
/// only when the word alone is wider than the line; in a table cell or a result, its words keep
/// the width they need, so a table never squeezes an id into pieces; a re-run line is one line,
/// scrolled sideways inside its cell, whose width it does not set.
enum SiteStylesheet {
    static let css = """
        :root { --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --paper: #ffffff; --tint: #f6f8fa;
          --pass: #1a7f37; --pass-bg: #dafbe1; --fail: #cf222e; --fail-bg: #ffebe9;
          --skip: #7d4e00; --skip-bg: #fff8c5; --error: #8250df; --error-bg: #fbefff;
          --blocked: #57606a; --blocked-bg: #eaeef2; --accent: #0550ae; }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body { margin: 0; color: var(--ink); background: var(--paper);
          font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; }
        main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; overflow-wrap: break-word; }
        a { color: var(--accent); }
        code { font: 0.9em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace;
          background: var(--tint); border-radius: 4px; padding: 0.05em 0.3em; overflow-wrap: anywhere; }
        h1 { font-size: 1.9rem; line-height: 1.2; margin: 1rem 0 0.5rem; }
        h2 { font-size: 1.4rem; margin: 2rem 0 0.75rem; border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; }
        h3 { font-size: 1.1rem; margin: 0 0 0.5rem; }
        .lead { font-size: 1.1rem; color: var(--muted); }
        header.site { background: var(--ink); color: #fff; padding: 0.5rem 1.25rem; }
        header.site nav { max-width: 60rem; margin: 0 auto; display: flex; flex-wrap: wrap; gap: 0.25rem 0.9rem; align-items: baseline; }
        header.site a { color: #fff; text-decoration: none; font-size: 0.95rem; }
        header.site a[aria-current="page"] { text-decoration: underline; text-underline-offset: 0.25em; }
        header.site .brand { font-weight: 700; margin-right: 0.5rem; }
        footer.site { max-width: 60rem; margin: 0 auto; padding: 1rem 1.25rem 2rem; color: var(--muted); font-size: 0.85rem; border-top: 1px solid var(--line); }
        table { border-collapse: collapse; width: 100%; font-size: 0.95rem; }
        th, td { text-align: left; padding: 0.35rem 0.6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
        thead th { background: var(--tint); }
        td, th, td code, th code { overflow-wrap: break-word; }
        td.rerun code { display: block; white-space: pre; overflow-x: auto; padding: 0.3em 0.5em; max-width: min(18rem, 78vw); }
        img { max-width: 100%; height: auto; }
        table.conformance td.badge { width: 24rem; }
        table.differences th[scope="row"] { white-space: nowrap; }
        table.conformance .run { display: block; font-weight: normal; color: var(--muted); font-size: 0.8rem; }
        table.matrix, table.engine-rules { table-layout: fixed; margin-bottom: 1rem; }
        table.matrix thead th:first-child, table.engine-rules thead th:first-child { width: 40%; }
        table.engine-rules thead th:nth-child(2) { width: 20%; }
        table.matrix caption { caption-side: top; text-align: left; color: var(--muted); font-size: 0.85rem; padding: 0.25rem 0; }
        table.matrix th[scope="row"], table.engine-rules th[scope="row"] { font-weight: normal; }
        table.matrix .rule-title, table.engine-rules .rule-title { display: block; font-weight: 600; }
        table.engine-rules .cases { display: block; color: var(--muted); font-size: 0.85rem; margin-top: 0.2rem; }
        table.matrix .counts, table.engine-rules .counts { display: block; font-size: 0.85rem; }
        .seed-text { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--tint); border-radius: 8px;
          padding: 0.75rem 1rem; font-size: 0.95rem; }
        .seed-text mark { background: #fff3b0; color: inherit; }
        ul.findings { margin: 0.3rem 0 0; padding-left: 1rem; font-size: 0.85rem; color: var(--ink); font-weight: normal; }
        ul.findings li { margin: 0.15rem 0; }
        td.pass, li.pass { color: var(--pass); background: var(--pass-bg); }
        td.fail, li.fail { color: var(--fail); background: var(--fail-bg); }
        td.error, li.error { color: var(--error); background: var(--error-bg); }
        td.skip, li.skip { color: var(--skip); background: var(--skip-bg); }
        td.blocked, li.blocked { color: var(--blocked); background: var(--blocked-bg); }
        td.not-run, li.not-run { color: var(--muted); }
        table.field-matrix { table-layout: fixed; margin-bottom: 1rem; font-size: 0.8rem; }
        table.field-matrix thead th:first-child { width: 24%; }
        table.field-matrix th[scope="row"] { font-weight: normal; }
        table.field-matrix td, table.field-matrix thead th { padding: 0.3rem 0.25rem; overflow-wrap: anywhere; }
        table.field-engines .run { display: block; font-weight: normal; color: var(--muted); font-size: 0.8rem; }
        .stale { color: var(--fail); font-weight: 600; }
        div.field { border-top: 1px solid var(--line); margin-top: 0.75rem; padding-top: 0.5rem; }
        ul.field-names { margin: 0.25rem 0 0; padding-left: 1.2rem; font-size: 0.95rem; }
        ul.rule-index { padding-left: 1.2rem; }
        nav.toc ul { padding-left: 1.2rem; }
        nav.toc h2 { font-size: 1.1rem; border: 0; margin: 1rem 0 0.25rem; }
        article { border: 1px solid var(--line); border-radius: 8px; padding: 1rem 1.1rem; margin: 1rem 0; }
        article.rule { border-left: 4px solid var(--accent); }
        article.case { border-left: 4px solid var(--muted); }
        .meta { color: var(--muted); font-size: 0.9rem; }
        dl.meta { display: flex; flex-wrap: wrap; gap: 0.15rem 1.25rem; margin: 0 0 0.75rem; }
        dl.meta div { display: flex; gap: 0.35rem; }
        dl.meta dt { font-weight: 600; }
        dl.meta dd { margin: 0; }
        .label { font-weight: 600; }
        figure.quote { margin: 0.75rem 0; }
        blockquote { margin: 0; padding: 0.25rem 0.9rem; border-left: 3px solid var(--line); background: var(--tint); }
        blockquote p { margin: 0.4rem 0; }
        figcaption { color: var(--muted); font-size: 0.85rem; margin-top: 0.25rem; }
        .translation { margin: 0.35rem 0 0; }
        .uncovered { color: var(--fail); }
        ul.results { list-style: none; padding: 0; margin: 0 0 0.75rem; display: flex; flex-wrap: wrap; gap: 0.4rem; }
        ul.results li { border-radius: 8px; padding: 0.1rem 0.7rem; font-size: 0.85rem; border: 1px solid var(--line); overflow-wrap: break-word; }
        .given { font-weight: 600; margin: 0.5rem 0 0.25rem; }
        ul.messages { margin: 0 0 0.75rem; padding-left: 1.2rem; }
        ol.timeline { list-style: none; margin: 0; padding: 0; border-left: 2px solid var(--line); }
        ol.timeline li { display: flex; gap: 0.75rem; padding: 0.3rem 0 0.3rem 0.75rem; position: relative; }
        ol.timeline li::before { content: ""; position: absolute; left: -6px; top: 0.75rem; width: 10px; height: 10px;
          border-radius: 50%; background: var(--paper); border: 2px solid var(--muted); }
        ol.timeline li.then::before { background: var(--accent); border-color: var(--accent); }
        ol.timeline .time { flex: 0 0 4.5rem; color: var(--muted); font-variant-numeric: tabular-nums; text-align: right; }
        ol.timeline li.then .step { color: var(--accent); }
        @media (max-width: 40rem) {
          body { font-size: 15px; }
          main { padding: 0.75rem 0.9rem 2rem; }
          h1 { font-size: 1.5rem; }
          article { padding: 0.75rem; }
          ol.timeline li { flex-direction: column; gap: 0; }
          ol.timeline .time { flex: none; text-align: left; font-size: 0.85rem; }
          table.stack, table.stack tbody, table.stack tr, table.stack th, table.stack td { display: block; width: 100%; }
          table.stack thead { display: none; }
          table.stack tr { border: 1px solid var(--line); border-radius: 8px; margin: 0 0 0.75rem; overflow: hidden; }
          table.stack th[scope="row"] { background: var(--tint); }
          table.differences th[scope="row"] { white-space: normal; }
          table.stack td[data-label]::before { content: attr(data-label); display: block; font-weight: 600; color: var(--ink); font-size: 0.8rem; }
          table.pairs td[data-label] { display: grid; grid-template-columns: 7.5rem 1fr; gap: 0.5rem; }
          table.pairs td[data-label]::before { font-size: inherit; }
          table.pairs td.badge[data-label] { display: block; width: 100%; }
        }
        @media print {
          header.site, nav.toc { display: none; }
          body { font-size: 11pt; color: #000; }
          main { max-width: none; padding: 0; }
          a { color: inherit; text-decoration: none; }
          article { break-inside: avoid; border-color: #999; }
          h2, h3 { break-after: avoid; }
          td.pass, td.fail, td.error, td.skip, td.blocked, li.pass, li.fail, li.error, li.skip, li.blocked {
            background: none; color: #000; }
          .seed-text mark { background: none; text-decoration: underline; }
        }

        """
}
