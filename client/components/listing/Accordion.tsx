import { useEffect, useState, type ReactNode } from 'react';

// A filter accordion (spec section 4 "Accordions"): a native <details>, so it opens and
// closes by keyboard and without JavaScript. `collapse` changing closes it (the mobile
// filter view opens with every panel closed). A `lazy` group draws its body only while
// open: a closed list of brands or stores is a few hundred elements nobody sees (its links
// are nofollow filter choices, or repeated in the page's related searches for crawlers).
// Closed, its body is in a <noscript>: a browser that runs scripts reads that as one text
// node (no elements, and React neither hydrates nor draws it), and one that does not shows
// the body when the group is opened, as before.
export function Accordion({
  title,
  defaultOpen,
  collapse,
  lazy = false,
  children,
}: {
  title: string;
  defaultOpen: boolean;
  collapse?: number;
  lazy?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  useEffect(() => {
    if (collapse) setOpen(false);
  }, [collapse]);
  return (
    <details className="filter-group" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{title}</summary>
      {open || !lazy ? (
        <div className="filter-group-body">{children}</div>
      ) : (
        <noscript>
          <div className="filter-group-body">{children}</div>
        </noscript>
      )}
    </details>
  );
}
