// A small History API router: links with `data-link` change the route without reloading the page,
// and the back button works. The server answers every path with index.html (Vite preview does).

export type RouteHandler = (url: URL) => void | Promise<void>;

let routes: Record<string, RouteHandler> = {};
let fallback: RouteHandler = () => undefined;

function run(): void {
  const url = new URL(location.href);
  void (routes[url.pathname] ?? fallback)(url);
}

/** Moves to `path` (pushed on the history, or replacing the current entry) and renders it. */
export function navigate(path: string, { replace = false } = {}): void {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  run();
}

/** Registers the routes and renders the current one. */
export function startRouter(table: Record<string, RouteHandler>, notFound: RouteHandler): void {
  routes = table;
  fallback = notFound;
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-link]');
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    navigate(link.pathname);
  });
  addEventListener('popstate', run);
  run();
}
