/** How the pipeline board reads (src/inbox/board/). */
export const boardCopy = {
  title: 'Board',
  intro:
    'Every lead by status, the newest of each on top. Drag a card by its handle to change its status (on a touch screen, hold the handle a moment first), or use the keyboard: Tab to the handle, Space to pick the card up, the left and right arrows to choose a column, Space to drop it.',
  loading: 'Loading the board…',
  loadFailed: 'The board could not be loaded. Check the connection and try again.',
  /** The column's count, after its name: "New: 1,204 leads" to a screen reader, "1,204" on screen. */
  leads: (count: number) => (count === 1 ? ' lead' : ' leads'),
  empty: 'No leads',
  shown: (shown: number) => `The newest ${shown} are shown.`,
  seeAll: (status: string) => `See every ${status} lead`,
  move: (name: string) => `Move ${name}`,
  source: 'Source',
  budget: 'Budget',
  received: 'Received',
  call: 'Call',
  instructions:
    'To move this lead to another column, press Space or Enter to pick it up, the left and right arrow keys to choose the column, then Space or Enter to drop it there. Escape puts it back.',
  announce: {
    pickedUp: (name: string, status: string) => `Picked up ${name}, in ${status}.`,
    over: (name: string, status: string) => `${name} is over ${status}.`,
    overNothing: (name: string) => `${name} is over no column.`,
    moved: (name: string, status: string) => `Moved ${name} to ${status}.`,
    stayed: (name: string, status: string) => `${name} stays in ${status}.`,
    cancelled: (name: string, status: string) => `Moving ${name} was cancelled: it stays in ${status}.`,
  },
  lastMove: 'Last move',
  undo: 'Undo',
  undoLabel: (name: string, status: string) => `Undo: move ${name} back to ${status}`,
  undone: (name: string, status: string) => `${name} is back in ${status}.`,
  moveFailed: (name: string, status: string, back: string) =>
    `${name} could not be moved to ${status}: the server refused. It is back in ${back}.`,
  undoFailed: (name: string, status: string, stays: string) =>
    `${name} could not be moved back to ${status}: the server refused. It stays in ${stays}.`,
  dismiss: 'Dismiss',
}
