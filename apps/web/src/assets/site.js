// Progressive enhancement only: every page works without this file.
// A "Copy" button beside each element marked data-copy (codes, addresses, tokens).
document.querySelectorAll('[data-copy]').forEach((element) => {
  if (!navigator.clipboard) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy secondary outline small';
  button.textContent = 'Copy';
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(element.textContent.trim());
    button.textContent = 'Copied';
    setTimeout(() => (button.textContent = 'Copy'), 1500);
  });
  // A space between them, so selecting the line gives "code Copy", never the two run together.
  element.after(' ', button);
});
