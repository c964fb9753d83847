// jsdom has no layout engine, so it lacks the observers and media queries that
// embla-carousel and sonner read. These inert stand-ins let components mount;
// real layout is tested in the browser (e2e/).
class InertObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}

globalThis.ResizeObserver ??= InertObserver as unknown as typeof ResizeObserver
globalThis.IntersectionObserver ??= InertObserver as unknown as typeof IntersectionObserver

window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList

// sonner captures the pointer when a toast is pressed, to follow a swipe.
Element.prototype.setPointerCapture ??= () => {}
Element.prototype.releasePointerCapture ??= () => {}
Element.prototype.hasPointerCapture ??= () => false
