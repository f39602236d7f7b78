/**
 * An https address a person may be sent to: written `https://`, no white space anywhere (a browser
 * drops a tab or line break inside the host and opens another address than the text shows), a host,
 * and no user name or password in it. One rule for every link the service stores (an offer's
 * contact, feedback's sources, a directory destination).
 */
export const isHttpsUrl = (value: string): boolean => {
  if (!/^https:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};
