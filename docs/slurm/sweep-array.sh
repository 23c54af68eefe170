#!/bin/bash
#SBATCH --job-name=grundy-sweep
#SBATCH --cpus-per-task=8
#SBATCH --time=04:00:00
#SBATCH --output=logs/%A_%a.log
# One task of a sweep split into N shards: task I runs shard I/N of the
# family given after N and DIR, and writes DIR/I.csv. Submit it from the
# directory that is to hold logs/ and DIR, with --array=0-(N-1):
#   mkdir -p logs    # Slurm opens logs/... before the script runs
#   JOB=$(sbatch --parsable --array=0-31 sweep-array.sh 32 shards \
#     'all-but:a,b,a+b,a+2b' --param a=1..100 --param 'b=a+1..a+100')
# and the merge as a job that starts once every task has succeeded:
#   sbatch --dependency=afterok:$JOB --kill-on-invalid-dep=yes \
#     --wrap 'grundy merge shards/*.csv -o family.csv'
# GRUNDY_SUFFIX (default csv) names the shard files: csv.zst or csv.gz
# writes them compressed (sbatch --export=ALL,GRUNDY_SUFFIX=csv.zst ...).
set -euo pipefail
: "${2:?usage: sbatch --array=0-(N-1) sweep-array.sh N DIR FAMILY...}"
N=$1 DIR=$2
shift 2
: "${SLURM_ARRAY_TASK_ID:?submit with sbatch --array=0-$((N - 1))}"
SUFFIX=${GRUNDY_SUFFIX:-csv}
mkdir -p "$DIR"
# --resume: a cancelled, requeued or resubmitted task goes on with the
# rows of its own journal (DIR/I.SUFFIX.journal); a first run starts one.
exec grundy sweep "$@" --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --shard "$SLURM_ARRAY_TASK_ID/$N" \
  --output "$DIR/$SLURM_ARRAY_TASK_ID.$SUFFIX" --resume
