// A page the server rendered (apps/api/src/http/page-render.ts) is whole without JavaScript: its
// links are links. Its scripts, which only hydrate it, are fetched once it has painted and its
// first pictures have loaded, so nothing competes with them for the phone's bandwidth or CPU before
// the largest paint. This classic script (the CSP allows no inline one) names them: data-entry is
// the app's entry, data-modules the chunks the page needs, preloaded beside it.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var modules = (script.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  function start() {
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    import(entry);
  }
  // After the next frame has painted.
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
})();
