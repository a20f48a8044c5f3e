// Loaders and actions receive a RouterContextProvider (createContext/get/set) as `context`
// on both sides: the server passes one per request, the browser router's getContext
// makes one per navigation.
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}
export {};
