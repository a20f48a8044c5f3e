import { Outlet } from 'react-router';

/** The root route's component for a test's own routes (startWeb's `routes`): a bare document around the page. */
export function BareDocument() {
  return (
    <html lang="en">
      <body>
        <Outlet />
      </body>
    </html>
  );
}
