// A page the server rendered (apps/api/src/http/page-render.ts) is whole without JavaScript: its
// links are links. Its scripts, which only hydrate it, are fetched once it has painted and its
// first pictures have loaded, so nothing competes with them for the phone's bandwidth or CPU
// before the largest paint (a member's load at once). This classic script (the CSP allows no
// inline one) names them: data-entry is the app's entry, data-modules the chunks the page needs,
// preloaded beside it.
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
  // A member's page is rendered afresh over the visitor's markup (main.tsx): no waiting for them.
  // The key is apps/web/src/lib/session-token.ts's SESSION_STORAGE_KEY.
  var isMember = false;
  try {
    isMember = Boolean(window.localStorage.getItem('clubSession'));
  } catch {
    // Storage blocked: a visitor.
  }
  if (isMember) {
    // The markup is a visitor's (their registry, their search results): dimmed, as a page being
    // left is (layout.css), and out of reach until the member's own page replaces it.
    var main = document.getElementById('main-content');
    if (main) {
      main.classList.add('site-main--leaving');
      main.setAttribute('inert', '');
      main.setAttribute('aria-busy', 'true');
    }
    start();
  }
  else if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
})();
