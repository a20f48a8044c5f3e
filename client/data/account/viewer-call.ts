import { browserApi } from '../../api/browser-api';
import { loadViewer, type Viewer } from '../../app/viewer';

/** Who is signed in, asked again from the browser (after a sign-in, a sign-out or a 401). */
export function reloadViewer(): Promise<Viewer | null> {
  return loadViewer(browserApi());
}
