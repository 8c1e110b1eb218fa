// The strict-CSP test page's logic (no inline script): loads the build named by ?lib= (umd or esm),
// records Content-Security-Policy violations, and exposes the calls the spec drives.
(function () {
  var lib = new URLSearchParams(location.search).get('lib') || 'umd';
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', function (event) {
    window.cspViolations.push({
      directive: event.violatedDirective,
      blocked: event.blockedURI,
      source: event.sourceFile,
    });
  });
  function loadUmd() {
    return new Promise(function (resolve, reject) {
      var el = document.createElement('script');
      el.src = '/dist/webauth.min.js';
      el.onload = function () {
        resolve(window.auth0);
      };
      el.onerror = function () {
        reject(new Error('could not load the UMD build'));
      };
      document.head.appendChild(el);
    });
  }
  var ready = lib === 'esm' ? import('/test-deps/webauth-esm/index.js') : loadUmd();
  // Errors cross into the spec as JSON plus whether they are real Error objects.
  function outcome(resolve) {
    return function (err, result) {
      resolve({
        err: err ? JSON.parse(JSON.stringify(err)) : null,
        result: result ? JSON.parse(JSON.stringify(result)) : null,
      });
    };
  }
  window.cspApp = {
    ready: ready.then(function () {
      return lib;
    }),
    buildAuthorizeUrl: function (config, options) {
      return ready.then(function (ns) {
        return new ns.WebAuth(config).client.buildAuthorizeUrl(options);
      });
    },
    authorize: function (config, options) {
      return ready.then(function (ns) {
        new ns.WebAuth(config).authorize(options);
      });
    },
    parseHash: function (config) {
      return ready.then(function (ns) {
        return new Promise(function (resolve) {
          new ns.WebAuth(config).parseHash({}, outcome(resolve));
        });
      });
    },
    checkSession: function (config, options) {
      return ready.then(function (ns) {
        return new Promise(function (resolve) {
          new ns.WebAuth(config).checkSession(options, outcome(resolve));
        });
      });
    },
  };
})();
