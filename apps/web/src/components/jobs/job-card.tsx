import type { JobJson } from '@svc/jobs';
import { Time } from '../../kit/time.tsx';
import { labelOf } from '../templates/details-fields.tsx';
import { cardBudgetInWords, Status } from '../words.tsx';

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

/** How many active responses a job has, in words: only its poster's lists give it. */
export const activeResponsesInWords = (n: number): string => (n === 0 ? 'No active responses' : n === 1 ? '1 active response' : `${n} active responses`);

/** One job in a list: title, budget, tags and age; on its poster's own list, its active responses too. */
export const JobCard = ({
  job,
  showStatus = false,
  heading: Heading = 'h2',
  activeResponses,
}: {
  job: JobJson;
  showStatus?: boolean;
  heading?: CardHeading;
  activeResponses?: number | undefined;
}) => (
  <li>
    <Heading>
      <a href={`/jobs/${job.id}`}>{job.title}</a>
    </Heading>
    <p class="meta">
      {showStatus ? <Status value={job.status} /> : null}
      <span>{cardBudgetInWords(job, labelOf('budget'))}</span>
      <span>
        Posted <Time iso={job.created_at} /> by {job.posted_by.display_name}
      </span>
      {activeResponses === undefined ? null : (
        <a href={`/jobs/${job.id}#responses`} class={activeResponses ? undefined : 'muted'}>
          {activeResponsesInWords(activeResponses)}
        </a>
      )}
    </p>
    <TagList tags={job.tags} />
  </li>
);

export const JobCards = ({
  jobs,
  showStatus,
  heading,
  responseCounts,
}: {
  jobs: readonly JobJson[];
  showStatus?: boolean;
  heading?: CardHeading;
  /** The poster's own list: active responses by job id (a job without any is absent). */
  responseCounts?: Record<string, number>;
}) => (
  <ul class="cards">
    {jobs.map((job) => (
      <JobCard job={job} showStatus={showStatus} heading={heading} activeResponses={responseCounts ? (responseCounts[job.id] ?? 0) : undefined} />
    ))}
  </ul>
);
