// The api over a database with a catalogue. startApi already returns once the catalog
// index is built, with the engine typed; the name stays for the tests that read better with it.
export { startApi as startSearchApi } from './api-server';
