// The local tenant's hosted login page, built on the library's hosted-page path: on this page
// `new auth0.WebAuth({ domain: <this host> })` knows it is the hosted page, so `login` posts to
// /usernamepassword/login and submits the form the tenant answers with. Errors are shown as text.
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('hosted-config').textContent);
  var byId = function (id) {
    return document.getElementById(id);
  };
  var errorBox = byId('error');
  var noticeBox = byId('notice');

  function say(box, text) {
    box.textContent = text || '';
    box.hidden = !text;
  }
  function clear() {
    say(errorBox, '');
    say(noticeBox, '');
  }
  // Library errors carry `description` (sometimes an object, e.g. a password policy), `code`, …
  function describe(err) {
    if (!err) return 'Something went wrong.';
    if (typeof err.description === 'string' && err.description) return err.description;
    if (err.policy) return 'The password is too weak:\n' + err.policy;
    return (
      err.error_description || err.errorDescription || err.code || err.error || err.message || 'Something went wrong.'
    );
  }

  var lib = window.auth0;
  if (!lib || typeof lib.WebAuth !== 'function') {
    say(errorBox, 'The login library (/static/webauth.min.js) could not be loaded. Run `npm run build` and reload.');
    return;
  }
  var options = {
    domain: config.domain,
    clientID: config.clientID,
    redirectUri: config.redirectUri,
    responseType: config.responseType,
    scope: config.scope,
    state: config.state,
    _csrf: config._csrf,
    _intstate: 'deprecated',
    // The library derives `tenant` from the domain unless told (localhost:port is no tenant name).
    overrides: { __tenant: config.tenant },
  };
  ['responseMode', 'audience', 'nonce'].forEach(function (key) {
    if (config[key]) options[key] = config[key];
  });
  var webAuth = new lib.WebAuth(options);

  function supported(name) {
    return typeof webAuth[name] === 'function';
  }
  function busy(button, on) {
    button.disabled = on;
  }

  // Tabs.
  var panels = ['login', 'signup', 'reset', 'passwordless'];
  panels.forEach(function (name) {
    var tab = byId('tab-' + name);
    if (!tab) return;
    tab.addEventListener('click', function () {
      clear();
      panels.forEach(function (other) {
        var otherTab = byId('tab-' + other);
        if (otherTab) otherTab.setAttribute('aria-selected', String(other === name));
        byId('panel-' + other).hidden = other !== name;
      });
    });
  });

  // Captcha per flow, rendered by the library from the tenant's challenge endpoints.
  var captchas = {};
  function captcha(flow, elementId, method) {
    if (!config.captcha[flow] || !supported(method)) return;
    var element = byId(elementId);
    element.hidden = false;
    captchas[flow] = webAuth[method](element, {}, function (err) {
      if (err) say(errorBox, describe(err));
    });
  }
  function withCaptcha(flow, options) {
    if (captchas[flow]) options.captcha = captchas[flow].getValue();
    return options;
  }
  function reloadCaptcha(flow) {
    if (captchas[flow]) captchas[flow].reload();
  }
  captcha('login', 'login-captcha', 'renderCaptcha');
  captcha('signup', 'signup-captcha', 'renderSignupCaptcha');
  captcha('reset', 'reset-captcha', 'renderPasswordResetCaptcha');
  captcha('passwordless', 'pwless-captcha', 'renderPasswordlessCaptcha');

  function loginWith(username, password, button, flow) {
    webAuth.login(
      withCaptcha(flow, { realm: config.connection, username: username, password: password }),
      function (err) {
        busy(button, false);
        say(errorBox, describe(err));
        reloadCaptcha(flow);
      },
    );
  }

  // Log in.
  var submit = byId('submit');
  byId('login-form').addEventListener('submit', function (event) {
    event.preventDefault();
    clear();
    busy(submit, true);
    loginWith(byId('username').value, byId('password').value, submit, 'login');
  });
  submit.disabled = !config.connection;

  // Sign up, then log in with the new account.
  var signupButton = byId('signup-submit');
  byId('signup-form').addEventListener('submit', function (event) {
    event.preventDefault();
    clear();
    busy(signupButton, true);
    var email = byId('signup-email').value;
    var password = byId('signup-password').value;
    var signup = { connection: config.connection, email: email, password: password };
    var usernameInput = byId('signup-username');
    if (usernameInput) signup.username = usernameInput.value;
    webAuth.signup(withCaptcha('signup', signup), function (err) {
      if (err) {
        busy(signupButton, false);
        say(errorBox, describe(err));
        reloadCaptcha('signup');
        return;
      }
      say(noticeBox, 'Account created. Logging you in…');
      loginWith(email, password, signupButton, 'none');
    });
  });
  signupButton.disabled = !config.connection || !supported('signup');

  // Forgot password.
  var resetButton = byId('reset-submit');
  byId('reset-form').addEventListener('submit', function (event) {
    event.preventDefault();
    clear();
    busy(resetButton, true);
    webAuth.changePassword(
      withCaptcha('reset', { connection: config.connection, email: byId('reset-email').value }),
      function (err, result) {
        busy(resetButton, false);
        reloadCaptcha('reset');
        if (err) say(errorBox, describe(err));
        else say(noticeBox, typeof result === 'string' ? result : 'We have sent you an email to reset your password.');
      },
    );
  });
  resetButton.disabled = !config.connection || !supported('changePassword');

  // Passwordless: send a code, then log in with it.
  var connectionSelect = byId('pwless-connection');
  var sendButton = byId('pwless-send');
  var verifyForm = byId('pwless-verify-form');
  var verifyButton = byId('pwless-verify');
  function strategy() {
    var name = connectionSelect.value;
    var found = config.passwordless.filter(function (c) {
      return c.name === name;
    })[0];
    return found ? found.strategy : 'email';
  }
  function recipientOptions(options) {
    var recipient = byId('pwless-recipient').value;
    if (strategy() === 'sms') options.phoneNumber = recipient;
    else options.email = recipient;
    return options;
  }
  connectionSelect.addEventListener('change', function () {
    byId('pwless-recipient-label').textContent = strategy() === 'sms' ? 'Phone number (+15551234567)' : 'Email address';
  });
  byId('pwless-start-form').addEventListener('submit', function (event) {
    event.preventDefault();
    clear();
    busy(sendButton, true);
    webAuth.passwordlessStart(
      withCaptcha('passwordless', recipientOptions({ connection: connectionSelect.value, send: 'code' })),
      function (err) {
        busy(sendButton, false);
        reloadCaptcha('passwordless');
        if (err) {
          say(errorBox, describe(err));
          return;
        }
        say(noticeBox, 'We sent you a code.');
        verifyForm.hidden = false;
        byId('pwless-code').focus();
      },
    );
  });
  verifyForm.addEventListener('submit', function (event) {
    event.preventDefault();
    clear();
    busy(verifyButton, true);
    webAuth.passwordlessLogin(
      recipientOptions({ connection: connectionSelect.value, verificationCode: byId('pwless-code').value }),
      function (err) {
        busy(verifyButton, false);
        say(errorBox, describe(err));
      },
    );
  });
  sendButton.disabled =
    config.passwordless.length === 0 || !supported('passwordlessStart') || !supported('passwordlessLogin');
})();
