// Progressive enhancement only: every page works without this file.
// A "Copy" button beside each element marked data-copy (codes, addresses, tokens).
document.querySelectorAll('[data-copy]').forEach((element) => {
  if (!navigator.clipboard) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy secondary outline small';
  button.textContent = 'Copy';
  // Said aloud when it changes: a screen reader does not read a button's new text by itself.
  const status = document.createElement('span');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(element.textContent.trim());
    button.textContent = 'Copied';
    status.textContent = 'Copied';
    setTimeout(() => {
      button.textContent = 'Copy';
      status.textContent = '';
    }, 1500);
  });
  // A space between them, so selecting the line gives "code Copy", never the two run together.
  element.after(' ', button, status);
});
