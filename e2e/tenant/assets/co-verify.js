// The tenant's cross-origin verification step (GET /co/verify): ask the application's
// verification page (crossOriginVerification()) for the co_verifier of this login, then post it.
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('co-config').textContent);
  var form = document.getElementById('co-verify-form');
  var frame = document.getElementById('co-frame');
  var done = false;

  function submit(verifier) {
    if (done) return;
    done = true;
    form.elements.co_verifier.value = verifier || '';
    form.submit();
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== config.frameOrigin || event.source !== frame.contentWindow || !event.data) return;
    if (event.data.type === 'ready') {
      frame.contentWindow.postMessage(
        { type: 'co_verifier_request', request: { id: config.coId } },
        config.frameOrigin,
      );
    } else if (event.data.type === 'co_verifier_response') {
      submit(event.data.response && event.data.response.verifier);
    }
  });
  // A page that never answers must not hang the login: give up and let the tenant refuse it.
  setTimeout(function () {
    document.getElementById('status').textContent = 'The application did not answer.';
    submit('');
  }, 10000);
  frame.src = config.frameUrl;
})();
