/** Shown when the code a page needs could not be downloaded (offline, a deploy replaced the files). */
export function LoadFailed() {
  return (
    <main className="grid min-h-dvh place-items-center px-4 text-center">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">This page could not be loaded</h1>
        <p className="mt-2 text-sm text-slate-600">Check your internet connection and try again.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-4 h-10 rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Reload
        </button>
      </div>
    </main>
  );
}
