// The client's stylesheets are imported for their side effect: esbuild bundles them into the
// page's CSS (scripts/build.ts). The typecheck checks that a side-effect import names a module
// it knows (noUncheckedSideEffectImports, on by default since TypeScript 6).
declare module '*.css';
