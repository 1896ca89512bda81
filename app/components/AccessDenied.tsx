export function AccessDenied() {
  return (
    <main className="mx-auto flex min-h-full max-w-lg flex-col items-center justify-center gap-4 p-8 text-center" role="main">
      <h1 className="text-2xl font-semibold">Access Denied</h1>
      <p className="text-slate-600">You don't have permission to access this page.</p>
      <a href="/" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Return to Home
      </a>
    </main>
  );
}
