// A page the server rendered (apps/api/src/http/page-render.ts) is whole without JavaScript: its
// links are links. Its scripts, which only hydrate it, are fetched once it has painted and its
// first pictures have loaded, so nothing competes with them for the phone's bandwidth or CPU
// before the largest paint (those of a page drawn for someone else load at once). This classic script (the CSP allows no
// inline one) names them: data-entry is the app's entry, data-modules the chunks the page needs,
// preloaded beside it.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var modules = (script.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  // A tap on a button before React has taken the page over would do nothing (a phone's "Menu"
  // tapped while the scripts load): the last one is held, and main.tsx clicks that button again
  // once the page is hydrated (src/lib/held-click.ts). Links and forms need no help: links work
  // as they are, and forms are inert until hydrated.
  var heldButton = null;
  function holdClick(event) {
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) heldButton = button;
  }
  document.addEventListener('click', holdClick, true);
  window.clubHeldClick = {
    take: function () {
      document.removeEventListener('click', holdClick, true);
      var button = heldButton;
      heldButton = null;
      return button;
    },
  };
  // Each modulepreload starts a request on the main thread, and a page names 20-30 chunks: added
  // in one go they were one task of 15-60 ms on a busy desktop, four times that on Lighthouse's
  // phone (docs/decisions/009-page-bytes-and-long-tasks.md, "Long tasks"). A few at a time, each in a task of its own, keep
  // every task short; the entry is asked for first, and the page's chunks, named first, are
  // preloaded long before the entry has run and asks for them.
  var PRELOADS_A_TASK = 3;
  function preloadFrom(index) {
    modules.slice(index, index + PRELOADS_A_TASK).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (index + PRELOADS_A_TASK < modules.length) {
      setTimeout(function () {
        preloadFrom(index + PRELOADS_A_TASK);
      }, 0);
    }
  }
  function start() {
    import(entry);
    preloadFrom(0);
  }
  // After the next frame has painted.
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  // The markup is this browser's own when it was sent for its session: a visitor's page with no
  // session stored, or a member's page (data-viewer on #root) whose request carried the stored
  // session in its cookie. Then it is hydrated after paint as above. Any other is rendered afresh
  // (main.tsx), at once. The key and the cookie are apps/web/src/lib/session-token.ts's.
  var stored = null;
  try {
    stored = window.localStorage.getItem('clubSession') || null;
  } catch {
    // Storage blocked: a visitor.
  }
  var cookie = /(?:^|;\s*)clubSession=([^;]*)/.exec(document.cookie);
  var root = document.getElementById('root');
  var sentForMember = Boolean(root && root.getAttribute('data-viewer') === 'member');
  var isOwn = sentForMember ? stored !== null && cookie !== null && cookie[1] === stored : stored === null;
  if (!isOwn) {
    // Someone else's markup (a visitor's registry while a member is logged in here): dimmed, as a
    // page being left is (layout.css), and out of reach until this browser's own page replaces it.
    var main = document.getElementById('main-content');
    if (main) {
      main.classList.add('site-main--leaving');
      main.setAttribute('inert', '');
      main.setAttribute('aria-busy', 'true');
    }
    start();
  }
  // A member's own page (its forms wait for React, components/form.tsx) starts at its first paint;
  // its first screen is text. A visitor's waits for its first photos too.
  else if (sentForMember || document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
})();
