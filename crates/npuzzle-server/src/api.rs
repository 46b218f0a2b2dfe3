//! The routes: parse, call the library, serialise the shared record.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use npuzzle::record::{BoardRecord, Record};
use npuzzle::search::table::TableCache;
use npuzzle::{Budget, Cancel};
use npuzzle_service::exhaustive::{distribution, Exhaustive};
use npuzzle_service::limits::LimitsRecord;
use npuzzle_service::options::{DistributionOptions, RandomOptions};
use npuzzle_service::record::HostRecord;
use npuzzle_service::request::{Question, Request};
use npuzzle_service::sync::lock;
use npuzzle_service::{Events, Plan, Session};
use serde::Serialize;

use crate::error::ApiError;
use crate::pool::SearchPool;
use crate::request::{self, BoardRequest};
use crate::{assets, Config, MAX_BODY};

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
        .route("/api/render", post(render))
        .route("/api/stats", get(stats))
        .route("/api/health", get(health))
        .route("/api/limits", get(limits))
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
    let req = BoardRequest::parse(&body(raw)?)?;
    let (board, goal) = req.board_and_goal()?;
    Ok(Json(Record::Board(BoardRecord::new(&board, &goal, None))))
}

/// `POST /api/render`: the board as a picture (`format`: SVG or PNG), or an
/// animation of `moves` played on it (SVG or GIF); the image, not a record.
/// A GIF of moves (a frame rasterised per move) goes to the search pool,
/// other pictures are drawn at once.
async fn render(
    State(state): Shared,
    raw: Body,
) -> Result<([(header::HeaderName, &'static str); 1], Vec<u8>), ApiError> {
    let (board, options) = request::render(&body(raw)?)?;
    let at_once = !options.takes_a_while();
    let picture = state
        .run(at_once, move |_| {
            options.render(&board).map_err(|e| ApiError::from(e).about(&board))
        })
        .await?;
    Ok((
        [(header::CONTENT_TYPE, picture.format().media_type())],
        picture.into_bytes(),
    ))
}

/// `POST /api/solve`. What the service refuses (see
/// [`npuzzle_service::plan`]) is answered 400 before the request is queued.
async fn solve(State(state): Shared, raw: Body) -> Result<Json<Record>, ApiError> {
    let req = BoardRequest::parse(&body(raw)?)?;
    let question = req.options.solve_question();
    let plan = state.plan(&req, req.request(question, &state.config)?).await?;
    // The server's own limit comes after parity and a solved board, as the library's do.
    if matches!(question, Question::Count(_)) && !plan.at_once() {
        let field = if req.options.count == Some(true) {
            "count"
        } else {
            "limit"
        };
        return Err(ApiError::bad_request(format!(
            "\"{field}\" is answered from the complete table: boards of up to {} cells with the table algorithm, not {}",
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
    let req = BoardRequest::parse(&body(raw)?)?;
    let plan = state.plan(&req, req.request(Question::Hint, &state.config)?).await?;
    let at_once = plan.at_once();
    let job = plan.into_job();
    let record = state
        .run(at_once, move |cancel| Ok(job.run(cancel, None)?.record()))
        .await?;
    Ok(Json(record))
}

/// `POST /api/random`: a shuffle at once; a board at a distance in the
/// pool: by a breadth-first search up to 12 cells, past them by random
/// walks an optimal search confirms (the session's solver).
async fn random(State(state): Shared, raw: Body) -> Result<Json<Record>, ApiError> {
    let bytes = body(raw)?;
    let req: RandomOptions = if bytes.iter().all(u8::is_ascii_whitespace) {
        RandomOptions::default()
    } else {
        request::json(&bytes)?
    };
    let job = req.job(&state.tables)?;
    let budget = request::budget(&state.config);
    if job.at_once() {
        return Ok(Json(Record::Board(job.run(&state.tables, budget)?)));
    }
    let shared = Arc::clone(&state);
    let record = state
        .run(false, move |_| {
            let record = match job.solver_spec() {
                Some(spec) => {
                    let solver = shared.session.solver(&spec, &job.goal)?;
                    job.run_confirmed(&solver, budget)?
                }
                None => job.run(&shared.tables, budget)?,
            };
            Ok(Record::Board(record))
        })
        .await?;
    Ok(Json(record))
}

/// `POST /api/compare`: every algorithm with every heuristic that fits, on
/// boards of up to 12 cells.
async fn compare(State(state): Shared, raw: Body) -> Result<Json<Record>, ApiError> {
    let req = BoardRequest::parse(&body(raw)?)?;
    let (board, _) = req.board_and_goal()?;
    Exhaustive::Compare.check(board.shape())?;
    let caps = request::caps(&state.config);
    let request = req
        .options
        .compare_request(&req.board, &caps)
        .map_err(|e| req.service(e))?;
    let job = state.session.comparison(&request).map_err(|e| req.service(e))?;
    // Every run of a board of the wrong parity answers "unsolvable" at once.
    let record = state
        .run(!job.solvable, move |cancel| Ok(Record::Compare(job.run(cancel)?)))
        .await?;
    Ok(Json(record))
}

/// `GET /api/stats?size=WxH[&goal=…][&metric=stm|mtm]`: how many boards lie at each distance.
async fn stats(
    State(state): Shared,
    query: Result<Query<DistributionOptions>, QueryRejection>,
) -> Result<Json<Record>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let goal = query.goal().map_err(|e| match e {
        npuzzle_service::Error::SizeNeeded => ApiError::bad_request("give the board size, for example ?size=3x3"),
        other => other.into(),
    })?;
    let metric = query.metric()?;
    // Built once and kept, so under the longest budget the server allows.
    let mut budget = Budget::default();
    budget.timeout = Some(state.config.max_timeout);
    budget.max_memory = Some(state.config.max_memory);
    let shared = Arc::clone(&state);
    let record = state
        .run(false, move |_| {
            match distribution(&goal, metric, &shared.tables, budget) {
                Ok(record) => Ok(Record::Distribution(record)),
                Err(npuzzle::Error::Refused(npuzzle::error::Refusal::BuildBudget { kind, .. })) => Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!("building the {} table stopped at the {kind}", goal.shape()),
                )),
                Err(e) => Err(e.into()),
            }
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

/// `GET /api/limits`: the board sizes each kind of answer takes and the
/// server's time budgets, for a page to read instead of copying them.
async fn limits(State(state): Shared) -> Json<HostRecord> {
    Json(HostRecord::Limits(LimitsRecord::new(&request::caps(&state.config))))
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or API endpoint")
}
