import { SourceError, type ResolvedCommit, type SourceSpec } from '../builder';
import { listRemoteRefs } from './remote-refs';
import { checkRepositoryUrl, displayUrl, isValidBranchName, type SourcePolicy } from './url-policy';
import { sourceTexts } from '@nuage/shared/messages/repository-source';

const SHA = /^([0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * Checks the repository, the token and the branch, and gives the commit to build: the given
 * commit (a rebuild of a release) or the branch's head. The message is not in the ref
 * advertisement: the checkout reads it (BuildOutcome.commitMessage).
 */
export async function resolveCommit(
  source: SourceSpec,
  policy: SourcePolicy,
): Promise<ResolvedCommit> {
  const checked = await checkRepositoryUrl(source.repositoryUrl, policy);
  const missingBranch = () =>
    new SourceError('branch', sourceTexts.branchMissing(source.branch, displayUrl(checked.url)));
  if (!isValidBranchName(source.branch)) throw missingBranch();
  if (source.commitSha !== undefined && !SHA.test(source.commitSha))
    throw new SourceError('branch', sourceTexts.notCommitId(source.commitSha));

  const { advertisement } = await listRemoteRefs(source.repositoryUrl, {
    ...policy,
    token: source.token,
  });
  if (source.commitSha) return { sha: source.commitSha, message: null };
  const sha = advertisement.refs.get(`refs/heads/${source.branch}`);
  if (!sha) throw missingBranch();
  return { sha, message: null };
}
