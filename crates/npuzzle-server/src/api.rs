//! The routes: parse, call the library, serialise the shared record.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use npuzzle::random::sample_at_distance;
use npuzzle::record::{BoardRecord, DistributionRecord, Record};
use npuzzle::search::table::{TableCache, MAX_TABLE_CELLS};
use npuzzle::{Budget, Cancel, Goal, Shape, SolverOptions};
use npuzzle_service::compare::CompareRequest;
use npuzzle_service::request::{Counting, Question, Request};
use npuzzle_service::sync::lock;
use npuzzle_service::{Events, Plan, Session, SolverSpec};
use rand::SeedableRng;
use serde::Serialize;

use crate::error::ApiError;
use crate::pool::SearchPool;
use crate::request::{self, BoardRequest, RandomRequest, StatsQuery};
use crate::{assets, Config, MAX_BODY};

/// The improvement time of an improving solver: the request's time budget
/// (capped by the server's `--max-timeout`) is what bounds it; this only
/// keeps the library's deadline arithmetic finite.
const IMPROVE_AT_MOST: Duration = Duration::from_secs(24 * 60 * 60);

/// What every request shares.
pub struct AppState {
    config: Config,
    /// The solvers (see [`Session`]): one per algorithm, heuristic and goal,
    /// made once on the blocking pool however many requests ask at once.
    session: Arc<Session>,
    /// Database files met that cannot be used.
    unusable: Arc<Unusable>,
    /// Complete tables for `/api/stats`, built once per shape and goal class.
    tables: TableCache,
    pool: SearchPool,
}

/// The database files met that cannot be used, each with what is wrong
/// (named in `/api/health`, and once on standard error).
#[derive(Debug, Default)]
struct Unusable(Mutex<BTreeMap<PathBuf, String>>);

impl Events for Unusable {
    fn unusable(&self, path: &Path, error: &npuzzle::Error) {
        let message = error.full_message();
        if lock(&self.0).insert(path.to_path_buf(), message.clone()).is_none() {
            eprintln!("npuzzle serve: skipping a pattern database that cannot be used: {message}");
        }
    }
}

impl AppState {
    /// The state for `config`.
    pub fn new(config: Config) -> AppState {
        let unusable = Arc::new(Unusable::default());
        let session = Session::with_dir(config.pdb_dir.clone()).with_events(Arc::clone(&unusable) as Arc<dyn Events>);
        AppState {
            session: Arc::new(session),
            unusable,
            tables: TableCache::default(),
            pool: SearchPool::new(config.workers, config.queue),
            config,
        }
    }

    /// Runs `job` where it belongs: an answer known at once (see
    /// [`Plan::AtOnce`]) on the blocking pool without queueing (it takes
    /// microseconds, or milliseconds to build a table the first time), any
    /// other search in the search pool.
    async fn run<T: Send + 'static>(
        &self,
        at_once: bool,
        job: impl FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        if at_once {
            crate::pool::blocking(move || job(&Cancel::new())).await
        } else {
            self.pool.run(job).await?
        }
    }

    /// The service's plan for `request` (about the board of `req`): on this
    /// async worker when the goal's solver is made, else on the blocking
    /// pool, where its databases are opened.
    async fn plan(&self, req: &BoardRequest, request: Request) -> Result<Plan, ApiError> {
        let planned = match self.session.plan_if_made(&request) {
            Some(planned) => planned,
            None => {
                let session = Arc::clone(&self.session);
                crate::pool::blocking(move || Ok::<_, ApiError>(session.plan(&request))).await?
            }
        };
        planned.map_err(|e| req.service(e))
    }

    /// The service's request for `req` asking `question`.
    fn request(&self, req: &BoardRequest, question: Question, improve: bool) -> Result<Request, ApiError> {
        let size = req.size()?;
        let (board, goal) = req.tiles();
        let names = req.algorithm().and_then(|a| Ok((a, req.heuristic()?)));
        // A board that cannot be read is told before a wrong name.
        let (algorithm, heuristic) = match names {
            Ok(names) => names,
            Err(e) => return Err(req.board_and_goal().err().unwrap_or(e)),
        };
        let options = SolverOptions::default()
            .with_algorithm(algorithm)
            .with_improve(improve.then_some(IMPROVE_AT_MOST));
        Ok(Request {
            board,
            size,
            goal,
            solver: SolverSpec::new(options, heuristic),
            budget: req.budget(&self.config),
            question,
        })
    }
}

type Shared = State<Arc<AppState>>;
type Body = Result<Bytes, BytesRejection>;

/// The app's routes.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/{file}", get(assets::file))
        .route("/api/board", post(board))
        .route("/api/solve", post(solve))
        .route("/api/hint", post(hint))
        .route("/api/random", post(random))
        .route("/api/compare", post(compare))
        .route("/api/stats", get(stats))
        .route("/api/health", get(health))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

/// The body's bytes, or 413 past [`MAX_BODY`] (400 for other read failures).
fn body(body: Body) -> Result<Bytes, ApiError> {
    body.map_err(|e| match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("request body too large: the limit is {} KiB", MAX_BODY / 1024),
        ),
        status => ApiError::new(status, e.body_text()),
    })
}

/// `POST /api/board`: the board and goal read as the command line reads
/// them, written back in one canonical form (blank `x`, single spaces).
async fn board(raw: Body) -> Result<Json<Record>, ApiError> {
    let req: BoardRequest = request::json(&body(raw)?)?;
    let (board, goal) = req.board_and_goal()?;
    Ok(Json(Record::Board(BoardRecord::new(&board, &goal, None))))
}

/// `POST /api/solve`. What the service refuses (see
/// [`npuzzle_service::plan`]) is answered 400 before the request is queued.
async fn solve(State(state): Shared, raw: Body) -> Result<Json<Record>, ApiError> {
    let req: BoardRequest = request::json(&body(raw)?)?;
    let count = req.count.unwrap_or(false);
    let question = match count {
        true => Question::Count(Counting {
            count: true,
            ..Counting::default()
        }),
        false => Question::Solve,
    };
    let plan = state
        .plan(&req, state.request(&req, question, req.improve.unwrap_or(false))?)
        .await?;
    // The server's own limit comes after parity and a solved board, as the library's do.
    if count && !plan.at_once() {
        return Err(ApiError::bad_request(format!(
            "\"count\" is answered from the complete table: boards of up to {} cells with the table algorithm, not {}",
            npuzzle::search::AUTO_TABLE_CELLS,
            plan.into_job().board.shape()
        ))
        .about(&req.board));
    }
    let at_once = plan.at_once();
    let job = plan.into_job();
    let record = state
        .run(at_once, move |cancel| Ok(job.run(cancel, None)?.record()))
        .await?;
    Ok(Json(record))
}

/// `POST /api/hint`: the board's distance and the distance after each blank
/// move, from the table (at once) or by search (in the pool, under the
/// request's budget).
async fn hint(State(state): Shared, raw: Body) -> Result<Json<Record>, ApiError> {
    let req: BoardRequest = request::json(&body(raw)?)?;
    let plan = state.plan(&req, state.request(&req, Question::Hint, false)?).await?;
    let at_once = plan.at_once();
    let job = plan.into_job();
    let record = state
        .run(at_once, move |cancel| Ok(job.run(cancel, None)?.record()))
        .await?;
    Ok(Json(record))
}

/// `POST /api/random`.
async fn random(State(state): Shared, raw: Body) -> Result<Json<Record>, ApiError> {
    let bytes = body(raw)?;
    let req: RandomRequest = if bytes.iter().all(u8::is_ascii_whitespace) {
        RandomRequest::default()
    } else {
        request::json(&bytes)?
    };
    let shape = match req.size.as_deref() {
        Some(text) => request::parse_shape(text)?,
        None => Shape::new(3, 3)?,
    };
    let goal = request::goal(req.goal.as_deref(), shape)?;
    let mut rng = match req.seed {
        Some(seed) => rand_chacha::ChaCha8Rng::seed_from_u64(seed),
        None => rand_chacha::ChaCha8Rng::from_os_rng(),
    };
    let Some(distance) = req.distance else {
        let board = npuzzle::random::random_solvable(&goal, &mut rng);
        return Ok(Json(Record::Board(BoardRecord::new(&board, &goal, None))));
    };
    if shape.cells() > MAX_TABLE_CELLS {
        return Err(ApiError::bad_request(format!(
            "a board at a chosen distance needs a complete table: boards of at most {MAX_TABLE_CELLS} cells, not {shape}"
        )));
    }
    // Past the farthest board of a table already built: refused at once,
    // without a place in the pool.
    if let Some(table) = state.tables.cached(&goal) {
        if distance > table.diameter() {
            return Err(too_far(&goal, distance, Some(table.diameter())));
        }
    }
    let budget = request::budget(None, None, &state.config);
    let shared = Arc::clone(&state);
    let record = state
        .run(false, move |_| {
            let boards = sample_at_distance(&goal, distance, 1, &mut rng, budget)?;
            match boards.first() {
                Some(board) => Ok(Record::Board(BoardRecord::new(board, &goal, Some(distance)))),
                // The search went through every layer: keep the table, so
                // the next request this far is refused before the pool.
                None => {
                    let diameter = shared.tables.get(&goal, budget).ok().map(|t| t.diameter());
                    Err(too_far(&goal, distance, diameter))
                }
            }
        })
        .await?;
    Ok(Json(record))
}

/// No board of `goal`'s shape is `distance` moves from it; the farthest
/// are `diameter` moves away, when known.
fn too_far(goal: &Goal, distance: u32, diameter: Option<u32>) -> ApiError {
    let farthest = diameter.map_or_else(String::new, |d| format!(": the farthest are {d} moves away"));
    ApiError::bad_request(format!(
        "no {} board is {distance} moves from {goal}{farthest}",
        goal.shape()
    ))
}

/// Time for each run of `compare` unless the request says otherwise.
const COMPARE_RUN_TIMEOUT: Duration = Duration::from_secs(2);

/// `POST /api/compare`: every algorithm with every heuristic that fits, on
/// boards of up to 12 cells.
async fn compare(State(state): Shared, raw: Body) -> Result<Json<Record>, ApiError> {
    let req: BoardRequest = request::json(&body(raw)?)?;
    let (board, _) = req.board_and_goal()?;
    if board.shape().cells() > MAX_TABLE_CELLS {
        return Err(ApiError::bad_request(format!(
            "compare runs every algorithm, breadth-first ones included: boards of at most {MAX_TABLE_CELLS} cells, not {}",
            board.shape()
        )));
    }
    let mut budget = request::budget(
        Some(req.timeout_ms.unwrap_or(COMPARE_RUN_TIMEOUT.as_millis() as u64)),
        req.max_nodes.or(Some(50_000_000)),
        &state.config,
    );
    budget.max_memory = budget.max_memory.map(|m| m.min(1 << 30));
    let (tiles, goal) = req.tiles();
    let request = CompareRequest {
        board: tiles,
        size: req.size()?,
        goal,
        budget,
        duplicate_len: SolverOptions::default().duplicate_len,
        databases: None,
    };
    let job = state.session.comparison(&request).map_err(|e| req.service(e))?;
    // Every run of a board of the wrong parity answers "unsolvable" at once.
    let record = state
        .run(!job.solvable, move |cancel| Ok(Record::Compare(job.run(cancel)?)))
        .await?;
    Ok(Json(record))
}

/// `GET /api/stats?size=WxH[&goal=…]`: how many boards lie at each distance.
async fn stats(
    State(state): Shared,
    query: Result<Query<StatsQuery>, QueryRejection>,
) -> Result<Json<Record>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let Some(size) = query.size.as_deref() else {
        return Err(ApiError::bad_request("give the board size, for example ?size=3x3"));
    };
    let shape = request::parse_shape(size)?;
    if shape.cells() > MAX_TABLE_CELLS {
        return Err(ApiError::bad_request(format!(
            "a distance distribution needs a complete table: boards of at most {MAX_TABLE_CELLS} cells, not {shape}"
        )));
    }
    let goal = request::goal(query.goal.as_deref(), shape)?;
    // Built once and kept, so under the longest budget the server allows.
    let mut budget = Budget::default();
    budget.timeout = Some(state.config.max_timeout);
    budget.max_memory = Some(state.config.max_memory);
    let shared = Arc::clone(&state);
    let record = state
        .run(false, move |_| match shared.tables.get(&goal, budget) {
            Ok(table) => Ok(Record::Distribution(DistributionRecord::new(
                &goal,
                table.layer_counts(),
            ))),
            Err(npuzzle::Error::Refused(npuzzle::error::Refusal::BuildBudget { kind, .. })) => Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("building the {shape} table stopped at the {kind}"),
            )),
            Err(e) => Err(e.into()),
        })
        .await?;
    Ok(Json(record))
}

/// What `/api/health` says.
#[derive(Serialize)]
struct Health {
    status: &'static str,
    /// Searches running or waiting.
    searches: usize,
    /// Database files met that cannot be used (each message names its
    /// file and what is wrong); left out when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    unusable_databases: Vec<String>,
}

/// `GET /api/health`: answers at once, whatever the searches are doing.
async fn health(State(state): Shared) -> Json<Health> {
    Json(Health {
        status: "ok",
        searches: state.pool.admitted(),
        unusable_databases: lock(&state.unusable.0).values().cloned().collect(),
    })
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or API endpoint")
}
