import PocketDomain
import PocketPresentation

/// A screen that shows one view model's state: its message and what it shows are that
/// state's.
protocol ViewModelScreen: ScreenFeature {
  associatedtype State: ScreenState
  associatedtype ViewModel: FollowsStore
  /// The screen's view model, which follows the store for it.
  var viewModel: ViewModel { get }
  /// What the screen shows now: its view model's state.
  var state: State { get }
}

/// What a screen showing one view model holds: that view model, made from the
/// dependencies the screen is made from. A screen subclasses it and adds its declaration
/// (commands, tab, keys) and what its commands do.
@MainActor
class ViewModelFeature<ViewModel: MadeFromDependencies & FollowsStore> {
  let viewModel: ViewModel

  required init(_ dependencies: ScreenDependencies) {
    viewModel = ViewModel(dependencies)
  }
}

extension ViewModelScreen where ViewModel: ObservedViewModel, ViewModel.State == State {
  var state: State { viewModel.state }
}

extension ViewModelScreen {
  var followed: any FollowsStore { viewModel }
  var message: Message? { state.message }
  var content: ScreenContent { ScreenContent(state) }
}

extension ViewModelScreen where ViewModel: PagedList {
  func resume(page: Int) { viewModel.resumePage(page) }
  var pagedList: (any PagedList)? { viewModel }
}

extension ScreenContext {
  /// `more` and `page N` while `screen` shows: the next page of `list`, or page N; `nil`
  /// for any other command, or while another screen shows.
  @MainActor func pageAction(for command: Command, of list: some PagedList, on screen: Screen)
    -> ScreenAction?
  {
    guard current == screen else { return nil }
    switch command {
    case .more: return .perform(screen) { await list.nextPage() }
    case .page(let number): return .perform(screen) { await list.showPage(number) }
    default: return nil
    }
  }
}
