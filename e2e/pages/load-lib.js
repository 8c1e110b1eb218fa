// Loads the library named by ?lib= and exposes it as window.libReady (a Promise of the namespace):
// umd = our dist/webauth.min.js (chunks on demand), all = our dist/webauth.all.min.js (one file),
// esm = our dist/esm as an app's bundler splits it (e2e/support/page-bundles.ts), esm-modules =
// our dist/esm module by module, as published,
// ref = auth0-js 10.2.1's dist/auth0.min.js.
(function () {
  var lib = new URLSearchParams(location.search).get('lib') || 'umd';
  function script(src) {
    return new Promise(function (resolve, reject) {
      var el = document.createElement('script');
      el.src = src;
      el.onload = function () {
        resolve(window.auth0);
      };
      el.onerror = function () {
        reject(new Error('could not load ' + src));
      };
      document.head.appendChild(el);
    });
  }
  window.libName = lib;
  if (lib === 'esm') window.libReady = import('/test-deps/webauth-esm/index.js');
  else if (lib === 'esm-modules') window.libReady = import('/dist/esm/index.js');
  else if (lib === 'ref') window.libReady = script('/vendor/auth0-js/auth0.min.js');
  else if (lib === 'all') window.libReady = script('/dist/webauth.all.min.js');
  else window.libReady = script('/dist/webauth.min.js');
})();
