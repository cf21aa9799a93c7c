/** Ends the current task: on a phone's slow CPU, work done in one piece would block input for well over 50 ms. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}
