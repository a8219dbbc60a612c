import IAMSpec

// A case, its configuration and source locations, in the compact form (CaseCodec.swift).

extension CaseEncoder {
    mutating func specCase(_ specCase: SpecCase) {
        ownString(specCase.id)
        ownString(specCase.title)
        stringList(specCase.rules)
        stringList(specCase.tags)
        list(specCase.profiles) { $0.choice($1) }
        unsigned(specCase.requiredCapabilityBits)
        configuration(specCase.configuration)
        list(specCase.messages) { $0.message($1) }
        list(specCase.steps) { $0.step($1) }
        location(specCase.location)
    }

    mutating func configuration(_ configuration: EngineConfiguration) {
        time(configuration.minimumTriggerInterval)
        choice(configuration.device)
        choice(configuration.orientation)
        choice(configuration.delegate)
    }

    mutating func location(_ location: SourceLocation) {
        string(location.file)
        signed(Int64(location.line))
        signed(Int64(location.column))
    }
}

extension EncodedCaseReader {
    mutating func specCase() -> SpecCase {
        let id = string()
        let title = string()
        let rules = stringList()
        let tags = stringList()
        let profiles = list { $0.choice(Profile.self) }
        let requiredCapabilityBits = unsigned()
        let configuration = configuration()
        let messages = list { $0.message() }
        let steps = list { $0.step() }
        var specCase = SpecCase(
            id: id,
            title: title,
            rules: rules,
            tags: tags,
            profiles: profiles,
            configuration: configuration,
            messages: messages,
            steps: steps,
            location: location()
        )
        specCase.requiredCapabilityBits = requiredCapabilityBits
        return specCase
    }

    mutating func configuration() -> EngineConfiguration {
        EngineConfiguration(
            minimumTriggerInterval: time(),
            device: choice(),
            orientation: choice(),
            delegate: choice()
        )
    }

    mutating func location() -> SourceLocation {
        SourceLocation(file: string(), line: Int(signed()), column: Int(signed()))
    }
}
