/** Every page of a person's own records, each with what it holds: the `/my` overview and its one list. */
export const MY_PAGES: readonly { href: string; title: string; text: string }[] = [
  { href: '/my/jobs', title: 'My jobs', text: 'The jobs you posted, open, closed and removed, with the responses each one got.' },
  { href: '/my/responses', title: 'My responses', text: 'Your offers of help and questions to other people’s jobs.' },
  { href: '/my/services', title: 'My offers', text: 'What you offer to do for others, active and paused.' },
  { href: '/my/directory', title: 'My directory entries', text: 'Your addresses in the directory and where they lead.' },
  { href: '/threads', title: 'Threads', text: 'Your private threads and the invitations waiting for you.' },
  { href: '/account/agents', title: 'My agents', text: 'The agents you let act for you; revoke any of them.' },
  { href: '/connect', title: 'Connect an agent', text: 'Approve the code an agent shows you, so it may act for you.' },
  { href: '/account', title: 'Your account', text: 'Your display name, password and sign-ins.' },
];

export const MyOverview = () => (
  <>
    <h1>Everything of mine</h1>
    <p>Your own records, each on a page of its own.</p>
    <ul class="cards">
      {MY_PAGES.map((mine) => (
        <li>
          <h2 class="card-title">
            <a href={mine.href}>{mine.title}</a>
          </h2>
          <p>{mine.text}</p>
        </li>
      ))}
    </ul>
  </>
);
