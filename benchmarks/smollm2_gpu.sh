#!/usr/bin/env bash
# SmolLM2-135M-Instruct on one GPU, everything but the Spider learning proof at once (a 135M model leaves an
# H100/H200 mostly idle, so the runs share it): the learning proof on demo-bird (two seeds), the Spider proof's
# single-seed sketch without validation, the zero-shot board on Spider dev, Spider-Syn, Spider-Realistic,
# Spider-DK and TableBench DP, the llm-exe judge's agreement with execution, and trace synthesis with SmolLM2 as
# teacher. Every figure comes from a `tabbench` command.
#
#   bash benchmarks/smollm2_gpu.sh GGUF_OR_CHECKPOINT DATA WORK [SECONDS]
#
# It needs a GPU without a lent window's limits: on 2026-11-26 (the last run, one H200) about ten processes
# queued behind each other for the GPU (`generate` of a 135M model is bound by kernel launches) and GRPO with its
# control never started within 430 s. The Spider learning proof (GRPO against an early-stopped control and SFT,
# three seeds, validation on held-out databases) has its own runner, one seed per window of a lent GPU, and its
# plan: benchmarks/gpu_window.py and benchmarks/gpu_plan.json (benchmarks/README.md says which calls to make).
#
# DATA holds spider/ (dev.json, tables.json, database/, evaluation_examples/), spider_syn/, spider_realistic/,
# spider_dk/ and tablebench/TableBench_DP.jsonl in their official formats (../shared/data has them). WORK gets
# the checkpoints and every run. SECONDS (default 540) bounds the whole script: whatever is unfinished then is
# stopped, and what finished stays (the learning proofs resume with the same command). The demo-bird board is
# built from its published pieces afterwards, on any machine: `python benchmarks/learning_proof.py --board-only
# --results WORK/boards/learning-gpu-results --board WORK/boards/learning-gpu.md`. For a dry run on a CPU with a
# tiny checkpoint:
# DEVICE=cpu BUDGET=10 SFT_STEPS=2 LIMIT=8 FILTER_LIMIT=8 bash benchmarks/smollm2_gpu.sh models/tiny ../shared/data work 600
set -uo pipefail
set -m  # each background job in its own process group, so the deadline stops it with its children
SOURCE=$1 DATA=$(realpath "$2") WORK=$3 SECONDS_LEFT=${4:-540}
mkdir -p "$WORK"
WORK=$(realpath "$WORK")
PY=${PYTHON:-python3} DEVICE=${DEVICE:-cuda} BUDGET=${BUDGET:-120} SFT_STEPS=${SFT_STEPS:-150}
LIMIT_N=${LIMIT:-300} FILTER=${FILTER:-4} FILTER_LIMIT=${FILTER_LIMIT:-200}
GRPO_LR=${GRPO_LR:-1e-5} EVAL_BATCH=${EVAL_BATCH:-128}
LIMIT=(${LIMIT:+--limit $LIMIT})
tb() { "$PY" -m tabbench "$@"; }
export PYTHONUNBUFFERED=1 TOKENIZERS_PARALLELISM=false OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}

MODEL=$SOURCE
if [ -f "$SOURCE" ]; then
    MODEL=$WORK/smollm2
    [ -f "$MODEL/config.json" ] || tb models import-gguf "$SOURCE" "$MODEL" || exit 1
fi

# Spider's cross-database protocol: train on 11 dev databases (445 questions), evaluate on 8 others (527
# questions), as leaderboards/learning-spider-gpu.md did (2026-11-26).
TRAIN_DBS=world_1,student_transcripts_tracking,network_1,poker_player,employee_hire_evaluation,course_teach,\
singer,museum_visit,battle_death,voter_1,real_estate_properties
HELD_OUT_DBS=car_1,flight_2,tvshow,concert_singer,pets_1,orchestra,cre_Doc_Template_Mgt,dog_kennels
COMMON=(--model "$MODEL" --device "$DEVICE" --budget "$BUDGET" --filter-samples "$FILTER" --generations 8
        --prompts-per-step 8 --beta 0.04 --grpo-lr "$GRPO_LR" --sft-steps "$SFT_STEPS" "${LIMIT[@]}")  # on CPU, 2e-5 forgot
SPIDER_SEEDS=(--seeds 0 --parallel-seeds --reward spider-ex)

jobs=()
{ "$PY" benchmarks/learning_proof.py "${COMMON[@]}" --parallel-seeds --work "$WORK/demo-bird" \
    --seeds 0 1 --eval-batch 128 --sft-batch 16 --completion-length 96 --filter-limit "$FILTER_LIMIT" \
    --results "$WORK/boards/learning-gpu-results" --board "$WORK/boards/learning-gpu.md" \
    > "$WORK/demo-bird.log" 2>&1 & jobs+=($!); }
"$PY" benchmarks/learning_proof.py "${COMMON[@]}" --work "$WORK/spider" "${SPIDER_SEEDS[@]}" --benchmark spider \
    --data "spider=$DATA/spider" -o on_missing_db=skip --train-split dev --eval-split dev \
    --train-where "db_id=$TRAIN_DBS" --eval-where "db_id=$HELD_OUT_DBS" --eval-batch "$EVAL_BATCH" --max-new-tokens 128 \
    --sft-batch 8 --max-length 2304 --completion-length 128 --filter-limit "$FILTER_LIMIT" \
    --results "$WORK/boards/learning-spider-gpu-results" --board "$WORK/boards/learning-spider-gpu.md" \
    > "$WORK/spider.log" 2>&1 & jobs+=($!)

zero_shot() {  # NAME DATA_FOLDER [OPTIONS...]: SmolLM2 as released, greedy
    local name=$1 folder=$2
    shift 2
    tb eval --model "$MODEL" --benchmark "$name" --data "$name=$DATA/$folder" --device "$DEVICE" --batch-size 64 \
        --max-new-tokens 128 --no-cache --no-progress --out "$WORK/zero-shot/$name" "${LIMIT[@]}" "$@" \
        > "$WORK/zero-shot-$name.log" 2>&1
}
{
mkdir -p "$WORK/zero-shot"
( zero_shot spider spider -o on_missing_db=skip
  zero_shot spider-syn spider_syn -o "databases=$DATA/spider/database" -o on_missing_db=skip ) & jobs+=($!)
( zero_shot spider-realistic spider_realistic -o "databases=$DATA/spider/database" -o on_missing_db=skip
  zero_shot spider-dk spider_dk -o "databases=$DATA/spider/database" -o on_missing_db=skip ) & jobs+=($!)
( zero_shot tablebench tablebench -o instruction_type=DP
  TABBENCH_SHARED_DATA=$DATA "$PY" benchmarks/llm_exe_agreement.py hf "$MODEL" "$LIMIT_N" > "$WORK/llm-exe.log" 2>&1
  tb synthesize traces spider --teacher "$MODEL" -m "device=$DEVICE" --data "spider=$DATA/spider" --split dev \
      -o on_missing_db=skip \
      --limit "$LIMIT_N" --max-new-tokens 384 --batch-size 64 --out "$WORK/traces-spider.jsonl" > "$WORK/traces.log" 2>&1
) & jobs+=($!)
}

deadline=$((SECONDS + SECONDS_LEFT))
while [ $SECONDS -lt $deadline ]; do
    running=0
    for pid in "${jobs[@]}"; do kill -0 "$pid" 2>/dev/null && running=1; done
    [ $running = 0 ] && break
    sleep 5
done
for pid in "${jobs[@]}"; do  # past the deadline: stop what still runs, children included
    kill -0 "$pid" 2>/dev/null && { echo "stopping job $pid at the deadline"; kill -TERM -- "-$pid"; }
done
sleep 3
echo "done in $SECONDS s"
