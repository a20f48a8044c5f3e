// One render a turn of the event loop. Node accepts one new connection per turn (libuv has
// not accepted in a loop since 1.45: libuv/libuv#3696). Under load the api's answers to a
// dozen pages arrive in one poll phase, and each page was rendered as its answer came, so a
// turn took tens to hundreds of milliseconds and new connections waited in the kernel for
// seconds before the overload gate could refuse them (issue 25). Pages that are ready to
// render take a turn each, in the order they got ready; each turn also takes a connection.

const ready: (() => void)[] = [];
let scheduled = false;

function renderNext(): void {
  const next = ready.shift();
  // Scheduled from an immediate callback, the next one runs on the next turn.
  scheduled = ready.length > 0;
  if (scheduled) setImmediate(renderNext);
  next?.();
}

/** Resolves on a turn of its own, one page after another. */
export function renderTurn(): Promise<void> {
  return new Promise((resolve) => {
    ready.push(resolve);
    if (scheduled) return;
    scheduled = true;
    setImmediate(renderNext);
  });
}
