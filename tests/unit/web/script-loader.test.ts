import { describe, expect, it } from 'vitest';
import { SCRIPT_LOADER } from '../../../server/web/render/script-loader';
import { PAYLOAD_GLOBAL } from '../../../shared/payload';

// The loader is code in the page's inline script: it must hold none of the characters the
// payload is escaped for, so nothing can end the script or be read as markup.
describe('the script loader', () => {
  it('holds no character an inline script must escape', () => {
    expect(SCRIPT_LOADER.match(/[<>&\u2028\u2029]|\//g)).toBeNull();
  });

  it('reads the assets from the payload it follows', () => {
    expect(SCRIPT_LOADER).toContain(`self.${PAYLOAD_GLOBAL}.config.assets`);
  });
});
