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

// A create form's key (kit/once-field.tsx) becomes a value set on the page rather than the one it
// was drawn with: a browser keeps such a value with the page's history entry, so Back shows the
// form with the key it was sent with beside the restored text, and sending it again is the same
// form (one job, not two). The page Back fetches anew comes with a new key, which the kept one replaces.
document.querySelectorAll('input[name="_once"]').forEach((input) => {
  const key = input.value;
  input.defaultValue = '';
  input.value = key;
});
