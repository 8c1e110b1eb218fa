// Names the local tenant's test user on the example pages, when the tenant runs its development
// defaults (`npm start` without `--config`): the tenant's /local/test-user.js says so, and says
// nothing (null) for a definition of your own. The tenant's address: the page's `TENANT` global
// (the CDN example's config.js), else this script tag's data-tenant attribute.
(function () {
  var tag = document.currentScript;
  var tenant = typeof window.TENANT === 'string' ? window.TENANT : tag && tag.getAttribute('data-tenant');
  if (!tenant) return;
  var script = document.createElement('script');
  script.src = tenant + '/local/test-user.js';
  script.onload = function () {
    var user = window.LOCAL_TENANT_TEST_USER;
    if (!user) return;
    var note = document.createElement('p');
    note.id = 'test-user';
    note.className = 'notice';
    note.textContent =
      'Local tenant, development defaults: sign in as ' + user.email + ' with the password ' + user.password + '.';
    var heading = document.querySelector('h1');
    if (heading) heading.after(note);
    else document.body.prepend(note);
  };
  document.head.appendChild(script);
})();
