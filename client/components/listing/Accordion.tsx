import { useEffect, useState, type ReactNode } from 'react';

// A filter accordion (spec section 4 "Accordions"): a native <details>, so it opens and
// closes by keyboard and without JavaScript. `collapse` changing closes it (the mobile
// filter view opens with every panel closed).
export function Accordion({ title, defaultOpen, collapse, children }: { title: string; defaultOpen: boolean; collapse?: number; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  useEffect(() => {
    if (collapse) setOpen(false);
  }, [collapse]);
  return (
    <details className="filter-group" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{title}</summary>
      <div className="filter-group-body">{children}</div>
    </details>
  );
}
