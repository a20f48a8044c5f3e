import { useId, type ReactNode } from 'react';

/** One band of the home page: a heading people and screen readers can jump to, then its content. */
export function HomeSection({
  title,
  intro,
  className,
  children,
}: {
  title: string;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={`home-section${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <div className="home-section-head">
        <h2 id={headingId}>{title}</h2>
        {intro && <p>{intro}</p>}
      </div>
      {children}
    </section>
  );
}
