#!/bin/bash
# One shard of a simkit run per task of a SLURM array job; merge the shards afterwards.
#
#   sbatch --array=0-99 experiments/cluster/slurm_array.sh treize 1e10 7 shards
#   # once every task has finished:
#   simkit merge shards/treize-* --out results/treize-1e10
#
# Arguments: GAME HANDS SEED OUTDIR [extra `simkit run` options, e.g. --rule deck=36].
# The shard count is the array's size (SLURM_ARRAY_TASK_COUNT); each task plays shard
# SLURM_ARRAY_TASK_ID of it on SLURM_CPUS_PER_TASK cores. Results depend only on
# (seed, units), so the merged result is the one a single machine would have made.
# The test suite runs this script for every task id of a small array (tests/test_cluster_recipe.py).
#SBATCH --cpus-per-task=4
#SBATCH --time=01:00:00
set -euo pipefail
game=${1:?give GAME HANDS SEED OUTDIR}
hands=${2:?give GAME HANDS SEED OUTDIR}
seed=${3:?give GAME HANDS SEED OUTDIR}
out=${4:?give GAME HANDS SEED OUTDIR}
shift 4
task=${SLURM_ARRAY_TASK_ID:?run inside a SLURM array job (sbatch --array=0-N)}
count=${SLURM_ARRAY_TASK_COUNT:?run inside a SLURM array job (sbatch --array=0-N)}
# a node-local numba cache: compiled kernels are not shared over a network file system
export NUMBA_CACHE_DIR=${NUMBA_CACHE_DIR:-/tmp/${USER:-simkit}/numba-cache}
simkit=${SIMKIT:-simkit}
mkdir -p "$out"
$simkit run "$game" --hands "$hands" --seed "$seed" --jobs "${SLURM_CPUS_PER_TASK:-1}" --no-progress \
    --shard "$task/$count" --out "$out/$game-$task" "$@"
