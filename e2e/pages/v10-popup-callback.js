// The popup's callback page of an auth0-js 10 app: hands the response to the opener.
window.libReady.then(function (auth0) {
  var tenant = new URLSearchParams(location.search).get('tenant');
  new auth0.WebAuth({
    domain: tenant,
    clientID: 'spa-client',
    responseType: 'token id_token',
    overrides: { __token_issuer: tenant + '/' },
  }).popup.callback();
});
