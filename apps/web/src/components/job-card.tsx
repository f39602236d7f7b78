import type { JobJson } from '@svc/jobs';
import { Time } from '../kit/time.tsx';
import { budgetInWords, Status } from './words.tsx';

export const TagList = ({ tags }: { tags: readonly string[] }) =>
  tags.length === 0 ? null : (
    <ul class="tags" aria-label="Tags">
      {tags.map((tag) => (
        <li>
          <a class="tag" href={`/jobs?tag=${encodeURIComponent(tag)}`}>
            {tag}
          </a>
        </li>
      ))}
    </ul>
  );

/** A list's cards are headed one level below the heading they sit under: h2 under the page's h1. */
type CardHeading = 'h2' | 'h3';

/** One job in a list: title, budget, tags and age. */
export const JobCard = ({ job, showStatus = false, heading: Heading = 'h2' }: { job: JobJson; showStatus?: boolean; heading?: CardHeading }) => (
  <li>
    <Heading>
      <a href={`/jobs/${job.id}`}>{job.title}</a>
    </Heading>
    <p class="meta">
      {showStatus ? <Status value={job.status} /> : null}
      <span>{budgetInWords(job)}</span>
      <span>
        Posted <Time iso={job.created_at} /> by {job.posted_by.display_name}
      </span>
    </p>
    <TagList tags={job.tags} />
  </li>
);

export const JobCards = ({ jobs, showStatus, heading }: { jobs: readonly JobJson[]; showStatus?: boolean; heading?: CardHeading }) => (
  <ul class="cards">
    {jobs.map((job) => (
      <JobCard job={job} showStatus={showStatus} heading={heading} />
    ))}
  </ul>
);
