/**
 * Whether a toast whose title reads `title` is on screen. A toast enters with its title still empty
 * for a frame and leaves with it still in the page, so a title found by its text may not be shown
 * yet, or any more: wait for this instead (`waitFor(() => expect(toastShown(…)).toBe(true))`).
 */
export function toastShown(title: string | RegExp): boolean {
  const titles = document.querySelectorAll<HTMLElement>('[data-scope="toast"][data-part="title"]');
  return [...titles].some((element) => {
    const text = element.textContent ?? '';
    const matches = typeof title === 'string' ? text === title : title.test(text);
    return matches && element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  });
}
